// Our server's three doors: the sign-in, the stream of the table, and the moves. Every path
// is relative, so the page works at /activity/ and behind Discord's URL-mapping proxy.
export class Refusal extends Error {}

export async function post(path, body, session) {
  const headers = { "Content-Type": "application/json" };
  if (session) headers.Authorization = `Bearer ${session}`;
  const answer = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Refusal(data.error || String(answer.status));
  return data;
}

export function stream(session, instance, onView, onEnd) {
  const query = new URLSearchParams({ session, instance });
  const source = new EventSource(`api/events?${query}`);
  source.onmessage = (event) => onView(JSON.parse(event.data));
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) onEnd();
  };
  return source;
}
