// One drawing of a poker table for every page: the Activity, the replayer and the live view.
// It takes one shape, written by each page from the server's figures (the engine's state,
// never recomputed here):
//
//   table = { seats: [seat], board: ["As", ...], board2: [...], pots: [n], total: n,
//             inBets: n, street: "text", timer: { deadline, seconds } or null }
//   seat  = { key, name, marks: "text", stack: n, bet: n, cards: ["Kd", ...] or null,
//             backs: bool, turn, folded, allIn, out (sitting out), won: n, me }
//   words = { players, stack, bet, cards, board, board2, noBoard, pot, hidden, toAct,
//             wins, inBets, folded, allIn, sittingOut }
//
// The seats come in the order they sit, the first at the bottom; each is a list item whose
// text says everything the picture does (name, stack, bet, cards, status), so the drawing is
// its own text equivalent. Seats and cards keep their nodes from one state to the next, so
// the style sheet (table.css) moves chips and cards between successive states; every figure
// is written at once, so no movement ever hides one. textContent only, no inline style but
// the seat's place (CSSOM, which the strict CSP allows).
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function hiddenText(text) {
  return el("span", "sr", text);
}

export function cardText(code) {
  return `${code[0].replace("T", "10")}${SUITS[code[1]]}`;
}

function number(n) {
  return Number(n).toLocaleString(document.documentElement.lang || "en");
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

// A row of cards: a card already there keeps its node; a new one arrives (class "new").
function drawCards(list, codes, first) {
  const had = new Map([...list.querySelectorAll("[data-card]")].map((c) => [c.dataset.card, c]));
  list.replaceChildren(...(codes || []).map((code) => {
    let card = had.get(code);
    if (!card) {
      card = el("span", `card suit-${code[1]}`, cardText(code));
      card.dataset.card = code;
      if (!first) card.classList.add("new");
    } else {
      card.classList.remove("new");
    }
    return card;
  }));
}

// The seats' places round the table: equal steps along the edge of a rectangle whose height
// is `tall` times its width, from the bottom middle, clockwise (the way the button moves);
// each place is [x, y], fractions of the width and the height.
function ring(count, tall) {
  const corners = [[0.5, 1], [0, 1], [0, 0], [1, 0], [1, 1], [0.5, 1]];
  const sizes = [0.5, tall, 1, tall, 0.5];
  const whole = 2 + 2 * tall;
  return Array.from({ length: count }, (_, i) => {
    let left = (i * whole) / count;
    let k = 0;
    while (k < 4 && left > sizes[k]) {
      left -= sizes[k];
      k += 1;
    }
    const part = Math.min(1, left / sizes[k]);
    const [a, b] = [corners[k], corners[k + 1]];
    return [a[0] + (b[0] - a[0]) * part, a[1] + (b[1] - a[1]) * part];
  });
}

// Which side of the table a place is on (a corner counts as the top or the bottom): the
// seat's chips lie on the felt's side of it.
function side([x, y]) {
  if (y > 0.75) return "bottom";
  if (y < 0.25) return "top";
  return x < 0.5 ? "left" : "right";
}

function status(seat, words) {
  if (seat.won) return fill(words.wins, { amount: number(seat.won) });
  if (seat.folded) return words.folded;
  if (seat.allIn) return words.allIn;
  if (seat.turn) return words.toAct;
  if (seat.out) return words.sittingOut;
  return "";
}

function newSeat(words) {
  const item = el("li", "seat");
  const who = el("span", "who");
  who.append(el("span", "name"), el("span", "mark"));
  const line = el("span", "line");
  line.append(hiddenText(`${words.stack} `), el("span", "stack"));
  const bet = el("span", "chips");
  bet.append(hiddenText(`${words.bet} `), el("span", "bet"));
  const hole = el("span", "hole");
  hole.append(hiddenText(`${words.cards}: `), el("span", "cards"), hiddenText(""));
  const clock = el("span", "clock");
  clock.append(el("span"));
  item.append(who, line, bet, hole, el("span", "status"), clock);
  return item;
}

function drawSeat(item, seat, words, first) {
  item.dataset.key = seat.key;
  item.dataset.stack = seat.stack;
  item.dataset.bet = seat.bet || 0;
  for (const [cls, on] of [["turn", seat.turn], ["folded", seat.folded], ["me", seat.me],
    ["winner", seat.won > 0], ["all-in", seat.allIn], ["out", seat.out]]) {
    item.classList.toggle(cls, !!on);
  }
  item.querySelector(".name").textContent = seat.name;
  item.querySelector(".mark").textContent = seat.marks || "";
  item.querySelector(".stack").textContent = number(seat.stack);
  const bet = item.querySelector(".bet");
  const was = bet.dataset.amount;
  bet.textContent = seat.bet ? number(seat.bet) : "–";
  bet.dataset.amount = seat.bet || 0;
  bet.parentElement.classList.toggle("none", !seat.bet);
  if (!first && seat.bet && String(seat.bet) !== was) {
    bet.parentElement.classList.remove("moved");
    void bet.offsetWidth; // the same class again restarts its animation
    bet.parentElement.classList.add("moved");
  }
  const list = item.querySelector(".hole .cards");
  drawCards(list, seat.cards, first);
  list.classList.toggle("backs", !seat.cards && !!seat.backs);
  if (!seat.cards && seat.backs && !list.children.length) {
    list.append(el("span", "card back"), el("span", "card back"));
  }
  item.querySelector(".hole .sr:last-child").textContent = seat.cards ? "" : words.hidden;
  item.querySelector(".status").textContent = status(seat, words);
}

let ticking = null;

function drawClock(root, timer) {
  clearInterval(ticking);
  ticking = null;
  const bar = root.querySelector(".seat.turn .clock span");
  if (!timer || !timer.deadline || !bar) return;
  const tick = () => {
    const left = Math.max(0, timer.deadline - Date.now() / 1000);
    bar.style.width = `${Math.min(100, (100 * left) / timer.seconds)}%`;
    bar.parentElement.dataset.left = Math.ceil(left);
  };
  tick();
  ticking = setInterval(tick, 250);
}

function skeleton(root, words) {
  const felt = el("div", "felt");
  const boards = el("div", "boards");
  const one = el("p", "board-row");
  one.append(hiddenText(`${words.board}: `), el("span", "cards"), el("span", "sr none", ""));
  one.querySelector(".cards").id = "board";
  const two = el("p", "board-row");
  two.id = "board2-row";
  two.hidden = true;
  two.append(hiddenText(`${words.board2}: `), el("span", "cards"));
  two.querySelector(".cards").id = "board2";
  boards.append(one, two);
  const pot = el("p", "pot-row");
  const amount = el("span", "pot");
  amount.id = "pot";
  pot.append(el("span", "label", `${words.pot} `), amount);
  felt.append(el("p", "street"), boards, pot);
  const seats = el("ol", "seats");
  seats.id = "seats";
  seats.setAttribute("aria-label", words.players);
  root.replaceChildren(felt, seats);
  root.classList.add("poker");
}

// The pot as it stands: the pots gathered and the bets in front add up to the total.
function potText(table, words) {
  const parts = table.pots || [];
  if (parts.length < 2) return number(table.total);
  const shown = parts.map(number);
  if (table.inBets) shown.push(fill(words.inBets, { amount: number(table.inBets) }));
  return `${number(table.total)} (${shown.join(" + ")})`;
}

/** Draw `table` into `root` (an empty element the first time), in the words `words`. */
export function drawTable(root, table, words) {
  const first = !root.querySelector(".felt");
  if (first) skeleton(root, words);
  root.querySelector(".street").textContent = table.street || "";
  const board = root.querySelector("#board");
  drawCards(board, table.board, first);
  for (let k = table.board.length; k < 5; k += 1) { // the places of the cards to come
    const slot = el("span", "card slot");
    slot.setAttribute("aria-hidden", "true");
    board.append(slot);
  }
  board.nextElementSibling.textContent = table.board.length ? "" : words.noBoard;
  const two = root.querySelector("#board2-row");
  two.hidden = !(table.board2 && table.board2.length);
  drawCards(root.querySelector("#board2"), table.board2, first);
  const pot = root.querySelector("#pot");
  const total = String(table.total);
  if (!first && pot.dataset.total !== total) {
    pot.classList.remove("grew");
    void pot.offsetWidth;
    pot.classList.add("grew");
  }
  pot.textContent = potText(table, words);
  pot.dataset.total = total;
  const list = root.querySelector("#seats");
  const had = new Map([...list.children].map((item) => [item.dataset.key, item]));
  const phone = ring(table.seats.length, 1.1 + 0.04 * table.seats.length);
  const wide = ring(table.seats.length, 0.45);
  const items = table.seats.map((seat, i) => {
    const item = had.get(String(seat.key)) || newSeat(words);
    drawSeat(item, seat, words, first || !had.has(String(seat.key)));
    for (const [name, value] of [["--px", phone[i][0]], ["--py", phone[i][1]],
      ["--dx", wide[i][0]], ["--dy", wide[i][1]]]) {
      item.style.setProperty(name, value.toFixed(4));
    }
    item.dataset.phone = side(phone[i]);
    item.dataset.wide = side(wide[i]);
    return item;
  });
  // A seat that stays keeps its node in place, so it glides to its new place (a node put
  // back in the page would jump there).
  const kept = new Set(items);
  for (const item of [...list.children]) if (!kept.has(item)) item.remove();
  items.forEach((item, i) => {
    if (list.children[i] !== item) list.insertBefore(item, list.children[i] || null);
  });
  root.style.setProperty("--n", String(Math.max(2, table.seats.length)));
  drawClock(root, table.timer);
}
