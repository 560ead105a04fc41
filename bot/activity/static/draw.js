// One function from the state to the page: every figure is the server's (the engine's),
// written with textContent only. The data-* attributes say the same for tests and styles.
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(code) {
  const item = el("li", `card suit-${code[1]}`, `${code[0].replace("T", "10")}${SUITS[code[1]]}`);
  item.dataset.card = code;
  return item;
}

// A card or a bet that is new since the last drawing arrives with a short animation; the
// figure itself is in place from the first frame, so no animation ever hides a fact.
function cards(list, codes) {
  const before = new Set((list.dataset.cards || "").split(" "));
  list.replaceChildren(...(codes || []).map((code) => {
    const item = card(code);
    if (!before.has(code)) item.classList.add("new");
    return item;
  }));
  list.dataset.cards = (codes || []).join(" ");
}

function backs() {
  const list = el("ol", "cards backs");
  list.append(el("li", "card back"), el("li", "card back"));
  return list;
}

const bets = new Map();

function seat(s, texts, me) {
  const item = el("li", "seat");
  item.dataset.member = s.member;
  item.dataset.stack = s.stack;
  item.dataset.bet = s.bet;
  item.classList.toggle("turn", !!s.turn);
  item.classList.toggle("folded", !!s.folded);
  item.classList.toggle("me", s.member === me);
  const blind = s.blind ? texts[s.blind] : "";
  const marks = [s.button ? texts.button : "", blind, s.folded ? texts.folded : "",
    s.allIn ? texts.all_in : "", s.status === "sitting-out" ? texts.sitting_out : ""];
  item.append(el("span", "name", s.name), el("span", "stack", String(s.stack)),
    el("span", "bet", s.bet ? String(s.bet) : ""), el("span", "marks", marks.filter(Boolean).join(" ")));
  if (s.shown) {
    const shown = el("ol", "cards");
    cards(shown, s.shown);
    item.append(shown);
  } else if (s.inHand && !s.folded) {
    item.append(backs());
  }
  if (s.bet && bets.get(s.member) !== s.bet) item.querySelector(".bet").classList.add("moved");
  bets.set(s.member, s.bet);
  return item;
}

export function draw(state) {
  const { view, you, texts } = state;
  const body = document.body;
  const apart = view && (view.lobby || view.elsewhere);
  body.dataset.phase = view ? (view.lobby ? "lobby" : view.elsewhere ? "elsewhere" : "table") : "signing-in";
  document.getElementById("status").textContent =
    !view ? texts.signing_in || "…" : apart ? view.text : you && you.seated ? "" : texts.spectating;
  if (!view || apart) {
    for (const id of ["street", "pot", "commitment"]) document.getElementById(id).textContent = "";
    for (const id of ["board", "seats", "cards"]) document.getElementById(id).replaceChildren();
    document.getElementById("act").hidden = true;
    return;
  }
  body.dataset.serial = view.serial;
  body.dataset.hand = view.hand ?? "";
  body.dataset.turn = view.turn ? view.turn.member : "";
  document.getElementById("street").textContent = view.street || texts.waiting;
  cards(document.getElementById("board"), view.board);
  const pot = document.getElementById("pot");
  pot.textContent = view.hand ? `${texts.pot}: ${view.total}` : "";
  pot.dataset.total = view.total;
  const me = you ? you.member : "";
  document.getElementById("seats").replaceChildren(...view.seats.map((s) => seat(s, texts, me)));
  cards(document.getElementById("cards"), you && you.cards);
  document.getElementById("commitment").textContent =
    view.commitment ? `${texts.commitment}: ${view.commitment}` : "";
}
