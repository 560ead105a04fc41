// The member's buttons, from the engine's legal actions only: the amounts offered are the
// ones the server sent (minimum, maximum, its suggestions); the page computes none, and the
// server checks every move again under the table's lock.
function show(node, on) {
  node.hidden = !on;
}

export function drawControls(state) {
  const { view, you, texts } = state;
  const form = document.getElementById("act");
  const legal = view && !view.lobby && !view.elsewhere && you ? you.legal : null;
  show(form, !!legal);
  const seated = !!(you && you.seated);
  const moves = document.getElementById("seat-moves");
  const at = (name) => moves.querySelector(`[data-do="${name}"]`);
  const table = view && !view.lobby && !view.elsewhere;
  const mine = table && view.seats.find((s) => s.member === (you && you.member));
  const ask = table && view.runTwice;
  show(at("open"), !!(view && view.lobby));
  show(at("join"), table && !seated);
  show(at("deal"), table && seated && view.hand === null);
  show(at("leave"), table && seated);
  show(at("sit_out"), table && seated && mine && mine.status === "active");
  show(at("sit_in"), table && seated && mine && mine.status === "sitting-out");
  show(at("run_twice"), !!(ask && ask.members.includes(you.member) && !ask.agreed.includes(you.member)));
  for (const button of moves.querySelectorAll("button")) button.textContent = texts[button.dataset.do];
  if (!legal) return;
  const kind = (name) => form.querySelector(`[data-kind="${name}"]`);
  kind("fold").textContent = texts.fold;
  show(kind("check"), legal.check);
  kind("check").textContent = texts.check;
  show(kind("call"), !legal.check && legal.call > 0);
  kind("call").textContent = texts.call.replace("{amount}", legal.call);
  show(kind("allin"), legal.allIn !== null);
  kind("allin").textContent = `${texts.allin} ${legal.allIn ?? ""}`.trim();
  const row = document.getElementById("raise-row");
  show(row, legal.raiseMin !== null);
  kind("raise").textContent = legal.bet ? texts.bet : texts.raise;
  const slider = document.getElementById("amount-slider");
  const box = document.getElementById("amount");
  if (legal.raiseMin !== null && form.dataset.decision !== `${legal.hand}:${legal.seq}`) {
    for (const input of [slider, box]) {
      input.min = legal.raiseMin;
      input.max = legal.raiseMax;
      input.value = legal.raiseMin;
    }
    box.setAttribute("aria-label", texts.amount);
    slider.setAttribute("aria-label", texts.amount);
    const suggested = document.getElementById("suggested");
    suggested.replaceChildren(...legal.suggested.map((amount) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = String(amount);
      button.dataset.amount = amount;
      return button;
    }));
  }
  form.dataset.decision = `${legal.hand}:${legal.seq}`;
}

export function bindControls(state, send) {
  const form = document.getElementById("act");
  const slider = document.getElementById("amount-slider");
  const box = document.getElementById("amount");
  slider.addEventListener("input", () => { box.value = slider.value; });
  box.addEventListener("input", () => { slider.value = box.value; });
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const legal = state.you && state.you.legal;
    if (!button || !legal) return;
    if (button.dataset.amount) {
      box.value = slider.value = button.dataset.amount;
      return;
    }
    const move = { do: "act", kind: button.dataset.kind, hand: legal.hand, seq: legal.seq };
    if (move.kind === "raise") {
      move.kind = legal.bet ? "bet" : "raise";
      move.amount = Number(box.value);
    }
    send(move);
  });
  document.getElementById("seat-moves").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const move = { do: button.dataset.do };
    if (move.do === "run_twice") move.hand = state.view.runTwice.hand;
    send(move);
  });
}
