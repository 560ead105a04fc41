// The learning mode's figures on the member's own turn, the numbers the channel's cards
// panel gives: asked once per decision (the server says whether there are any: the member's
// setting and the house rules), shown under the buttons, gone with the turn.
import { post } from "./server.js";

let asked = "";

export function drawCoach(state) {
  const panel = document.getElementById("coach");
  const legal = state.you && state.you.legal;
  if (!legal) {
    panel.hidden = true;
    asked = "";
    return;
  }
  const decision = `${legal.hand}:${legal.seq}`;
  if (decision === asked) return;
  asked = decision;
  panel.hidden = true;
  post("api/coach", { instance: state.instance }, state.session).then((figures) => {
    const now = `${figures.hand}:${figures.seq}`;
    if (asked !== decision || now !== decision || !figures.lines.length) return;
    const lines = figures.lines.slice();
    const last = lines.length > 1 ? lines.pop() : "";
    panel.querySelector("h2").textContent = figures.title;
    panel.querySelector("ul").replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    panel.querySelector("p").textContent = last;
    panel.dataset.decision = decision;
    panel.hidden = false;
  }).catch(() => {});
}
