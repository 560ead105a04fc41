/* Holdem Dealer's pages: the replayer, the fair-deck check and the live view. Every figure
   comes from the server; this file only shows it, the table in the drawing every page of a
   table shares (table.js). No library, no build step. */
import { drawTable } from "/static/table.js";

(function () {
  var data = null, node = document.getElementById("page-data");
  if (node) data = JSON.parse(node.textContent);
  if (!data) return;
  var L = data.labels;
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function byId(id) { return document.getElementById(id); }
  function fmt(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return String(values[k]); });
  }
  /* One state (a replay step or the live table) in the one drawing of a table (table.js):
     the pot as it stands while the hand plays (the pots gathered and the bets in front add
     up to the total); once it is over, what the pots paid. */
  function show(players, state) {
    var over = state.over;
    var pots = over ? state.awarded || [] : state.pots;
    drawTable(byId("table"), {
      board: state.board.map(function (c) { return c.code; }),
      board2: state.board2.map(function (c) { return c.code; }),
      pots: pots,
      total: over ? pots.reduce(function (a, b) { return a + b; }, 0) : state.total,
      inBets: over ? 0 : state.inBets || 0,
      street: "",
      timer: null,
      seats: state.seats.map(function (seat, p) {
        return {
          key: p, name: players[p].name, marks: players[p].mark, stack: seat.stack,
          bet: seat.bet || 0, cards: seat.cards ? seat.cards.map(function (c) { return c.code; }) : null,
          backs: !seat.folded, turn: state.toAct === p, folded: !!seat.folded,
          allIn: !!seat.allIn, won: seat.won || 0,
        };
      }),
    }, L);
  }
  function lines(target, list) {
    target.textContent = "";
    list.forEach(function (line) { target.appendChild(el("li", "", line)); });
  }

  /* ------------------------------------------------------------------ the replayer */
  function replayer() {
    var steps = data.steps, at = 0, timer = null, play = byId("play");
    function go(k) {
      at = Math.max(0, Math.min(steps.length - 1, k));
      var step = steps[at];
      show(data.players, step);
      byId("where").textContent = fmt(L.step, { street: step.streetName, n: at + 1, count: steps.length });
      document.body.setAttribute("data-step", at);
      lines(byId("now"), step.lines);
      var items = document.querySelectorAll("#story li");
      items.forEach(function (li) { li.classList.toggle("current", Number(li.getAttribute("data-step")) === at); });
      if (at === steps.length - 1) stop();
    }
    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      play.textContent = L.play;
      play.setAttribute("aria-pressed", "false");
    }
    function toggle() {
      if (timer) { stop(); return; }
      if (at === steps.length - 1) go(0);
      play.textContent = L.pause;
      play.setAttribute("aria-pressed", "true");
      timer = setInterval(function () { go(at + 1); }, 1200);
    }
    byId("first").onclick = function () { stop(); go(0); };
    byId("back").onclick = function () { stop(); go(at - 1); };
    byId("forward").onclick = function () { stop(); go(at + 1); };
    byId("last").onclick = function () { stop(); go(steps.length - 1); };
    play.onclick = toggle;
    document.querySelectorAll("button.street").forEach(function (b) {
      b.onclick = function () { stop(); go(Number(b.getAttribute("data-step"))); };
    });
    document.addEventListener("keydown", function (e) {
      var tag = (e.target && e.target.tagName) || "";
      if (tag === "INPUT" || tag === "TEXTAREA" || e.altKey || e.ctrlKey || e.metaKey) return;
      var handled = true;
      if (e.key === "ArrowRight") { stop(); go(at + 1); }
      else if (e.key === "ArrowLeft") { stop(); go(at - 1); }
      else if (e.key === "Home") { stop(); go(0); }
      else if (e.key === "End") { stop(); go(steps.length - 1); }
      /* a focused button or summary (the all-in odds) keeps its own space bar */
      else if (e.key === " " && tag !== "BUTTON" && tag !== "SUMMARY") { toggle(); }
      else if (/^[1-5]$/.test(e.key)) {
        var s = data.streets.filter(function (x) { return x.street === Number(e.key) - 1; })[0];
        if (s) { stop(); go(s.step); } else handled = false;
      } else handled = false;
      if (handled) e.preventDefault();
    });
    byId("controls").hidden = false;
    go(0);
  }

  /* ------------------------------------------------------------------ the fair deck */
  function fair() {
    var button = byId("fair-check");
    if (!button) return;
    button.onclick = function () {
      var out = byId("fair-result");
      var salt = byId("fair-salt").value.trim().toLowerCase();
      var deck = byId("fair-deck").value.replace(/\s+/g, "");
      var want = byId("fair-commitment").value.trim().toLowerCase();
      var bytes = new TextEncoder().encode("v1:" + salt + ":" + deck);
      function verdict(ok) {
        out.textContent = ok ? L.fairOk : L.fairBad;
        out.className = "result " + (ok ? "good" : "bad");
        out.setAttribute("data-verdict", ok ? "ok" : "bad");
      }
      if (!/^[0-9a-f]{32,}$/.test(salt) || salt.length % 2 || !/^([2-9TJQKA][cdhs]){52}$/.test(deck)
          || new Set(deck.match(/../g)).size !== 52 || !window.crypto || !crypto.subtle) {
        verdict(false);
        return;
      }
      crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
        var hex = Array.prototype.map.call(new Uint8Array(digest), function (b) {
          return ("0" + b.toString(16)).slice(-2);
        }).join("");
        verdict(hex === want);
      });
    };
  }

  /* ------------------------------------------------------------------ the live view */
  function live() {
    var status = byId("live-status");
    var source = new EventSource(data.events);
    source.onmessage = function (e) {
      var view = JSON.parse(e.data);
      status.textContent = "";
      var title = byId("live-hand"), link = byId("live-replay");
      if (view.hand === null) {
        byId("live-table").hidden = true;
        byId("live-commitment-row").hidden = true;
        title.textContent = view.text;
        return;
      }
      byId("live-table").hidden = false;
      title.textContent = fmt(L.hand, { number: view.hand });
      document.body.setAttribute("data-hand", view.hand);
      document.body.setAttribute("data-actions", view.actions);
      show(view.players, view.state);
      lines(byId("now"), view.story);
      byId("live-commitment-row").hidden = !view.commitment;
      byId("live-commitment").textContent = view.commitment || "";
      link.hidden = !view.finished;
      if (view.finished) link.href = data.replay.replace("HAND", String(view.hand));
    };
    source.onerror = function () { status.textContent = L.lost; };
  }

  if (data.kind === "replay") { replayer(); fair(); }
  if (data.kind === "live") live();
})();
