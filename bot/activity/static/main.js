// The Activity's page: sign in through the Discord client, then draw the table as the
// server sends it and send the member's moves. One state object, one drawing function.
import { signIn } from "./sdk.js";
import { post, stream, Refusal } from "./server.js";
import { draw } from "./draw.js";
import { bindControls, drawControls } from "./controls.js";
import { drawCoach } from "./coach.js";

const state = { view: null, you: null, texts: {}, session: null, instance: null };
const refusal = document.getElementById("refusal");

function render() {
  draw(state);
  drawControls(state);
  drawCoach(state);
}

function refuse(text) {
  refusal.textContent = text;
  refusal.hidden = false;
}

// One id per move: sent again after a lost answer, it is the same request, made once (the
// server keeps the first answer of a move it relays to the table's process).
function requestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function send(move) {
  refusal.hidden = true;
  const body = { ...move, instance: state.instance, request: requestId() };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await post("api/move", body, state.session);
      return;
    } catch (error) {
      if (error instanceof Refusal) {
        refuse(error.message);
        return;
      }
      if (attempt === 3) throw error; // the network, not the table: the same request again
      await new Promise((resume) => setTimeout(resume, 400 * attempt));
    }
  }
}

async function start() {
  const clientId = document.querySelector('meta[name="holdem-client-id"]').content;
  let signed;
  try {
    signed = await signIn(clientId, (body) => post("api/token", body));
  } catch (error) {
    refuse(error instanceof Refusal ? error.message : String(error.message || error));
    document.body.dataset.phase = "refused";
    return;
  }
  Object.assign(state, {
    texts: signed.texts, session: signed.session, instance: signed.instance,
  });
  document.documentElement.lang = signed.lang;
  bindControls(state, send);
  render();
  stream(state.session, state.instance, (message) => {
    state.view = message.view;
    state.you = message.you || null;
    render();
  }, () => {
    document.body.dataset.phase = "ended";
    refuse(state.texts.signed_out);
  });
}

start();
