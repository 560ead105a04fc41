// One function from the state to the page: the table in the drawing every page of a table
// shares (table.js), from the server's view (the engine's figures: nothing computed here but
// the order of the seats, the member's own at the bottom), and the lines round it. The
// body's data-* attributes say the same for tests and styles.
import { drawTable } from "./table.js";

function marks(seat, texts) {
  return [seat.button ? texts.button : "", seat.blind ? texts[seat.blind] : ""]
    .filter(Boolean).join(" ");
}

// The view in table.js's shape: the member's own seat first (drawn at the bottom), their
// own hole cards on it; every other seat's cards only once the server says they are shown.
// Between hands the last hand's end stays drawn (its boards, the cards tabled, who won
// what) until the next deal.
function tableOf(view, you, texts) {
  const me = you ? you.member : "";
  const end = !view.hand && view.showdown ? view.showdown : null;
  const tabled = new Map(end ? end.hands.map((h) => [h.member, h]) : []);
  const at = view.seats.findIndex((s) => s.member === me);
  const seats = at > 0 ? [...view.seats.slice(at), ...view.seats.slice(0, at)] : view.seats;
  const pots = view.pots || [];
  const gathered = pots.reduce((a, b) => a + b, 0);
  return {
    street: view.street || texts.waiting,
    board: end ? end.board : view.board,
    board2: end ? end.board2 : [],
    pots,
    total: view.total,
    inBets: Math.max(0, view.total - gathered),
    timer: view.turn && view.turn.deadline ? view.turn : null,
    seats: seats.map((s) => {
      const mine = s.member === me;
      const shown = tabled.get(s.member);
      return {
        key: s.member, name: s.name, marks: marks(s, texts), stack: s.stack, bet: s.bet,
        cards: (shown && shown.cards) || s.shown || (mine && you.cards) || null,
        backs: !!s.inHand && !s.folded,
        turn: !!s.turn, folded: !!s.folded, allIn: !!s.allIn, out: s.status === "sitting-out",
        won: shown ? shown.won : 0, me: mine,
      };
    }),
  };
}

export function draw(state) {
  const { view, you, texts } = state;
  const body = document.body;
  const apart = view && (view.lobby || view.elsewhere);
  body.dataset.phase = view ? (view.lobby ? "lobby" : view.elsewhere ? "elsewhere" : "table") : "signing-in";
  document.getElementById("status").textContent =
    !view ? texts.signing_in || "…" : apart ? view.text : you && you.seated ? "" : texts.spectating;
  const table = document.getElementById("table");
  if (!view || apart) {
    document.getElementById("commitment").textContent = "";
    table.replaceChildren();
    table.hidden = true;
    document.getElementById("act").hidden = true;
    return;
  }
  table.hidden = false;
  body.dataset.serial = view.serial;
  body.dataset.hand = view.hand ?? "";
  body.dataset.turn = view.turn ? view.turn.member : "";
  drawTable(table, tableOf(view, you, texts), texts.table);
  document.getElementById("commitment").textContent =
    view.commitment ? `${texts.commitment}: ${view.commitment}` : "";
}
