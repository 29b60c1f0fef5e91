// The table page: one WebSocket to the server, which sends this viewer's state
// after every change; the page draws it and sends the viewer's actions. The
// player's token stays in the URL fragment (never sent in a URL); it goes to the
// server only inside the first WebSocket message. A dropped connection is
// reconnected with the same token.

import {
  SEAT_NAMES, actionWords, cardLabel, clearMessages, copyText, el, phaseWords, seatLetter, showMessage,
} from "./common.js";
import {
  actionList, bottomSeat, callText, contractText, lastDealText, orientation, playerInfo, renderAuction,
  renderFinished, renderSeat, renderSheet, renderTrick,
} from "./render.js";

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const token = window.location.hash.length > 1 ? decodeURIComponent(window.location.hash.slice(1)) : null;
const messages = document.getElementById("messages");
const conn = document.getElementById("conn");

/** A card's play ("play SA", "play H10"), as against "play blind". */
const CARD_PLAY = /^play\s+([SHDC](?:10|[2-9TJQKA]))$/i;

let socket = null;
let state = null;
let welcome = null;
let retries = 0;
let retryTimer = null;
let pingTimer = null;
let stopped = false; // the server refused us for good: no reconnecting
let pending = false; // an action is on its way: buttons wait for the answer
let joined = false; // this connection's hello was answered with a welcome

function setConn(text, cls) {
  conn.textContent = text;
  conn.className = `conn ${cls}`;
  document.body.dataset.conn = cls;
}

function connect() {
  clearTimeout(retryTimer);
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${window.location.host}/ws/${encodeURIComponent(tableId)}`);
  socket = ws;
  joined = false;
  setConn(retries ? "reconnecting…" : "connecting…", "connecting");
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, 25000);
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      showMessage(messages, "The server sent something the page cannot read.");
      return;
    }
    receive(message);
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    clearInterval(pingTimer);
    pending = false;
    // 4000-4999: the server refuses this connection (no such table, a wrong token,
    // no spectators): trying again would not help.
    if (event.code >= 4000 && event.code < 5000) {
      stopped = true;
      setConn("not connected", "offline");
      showMessage(messages, event.reason || "The server closed the connection.", { replace: false });
      drawActions();
      return;
    }
    if (stopped) return;
    retries += 1;
    const wait = Math.min(5000, 300 * 2 ** Math.min(retries, 5));
    setConn(`connection lost: retrying in ${Math.round(wait / 100) / 10} s`, "offline");
    drawActions();
    retryTimer = setTimeout(connect, wait);
  });
}

// The parts of a state the server sends a connection only when they have
// changed since it last sent them (the first state of a connection is whole).
const SLOW_PARTS = ["score", "sheets", "finished"];

/**
 * The new state, with the slow parts it leaves out kept from the previous one.
 * The finished deals come whole only in a connection's first state; after it,
 * `finished_changed` holds only the deals that are new or changed (an analysis
 * has come), each put in its place by its number.
 */
function keepSlowParts(previous, next) {
  if (previous) {
    for (const key of SLOW_PARTS) {
      if (!(key in next) && key in previous) next[key] = previous[key];
    }
  }
  const changed = next.finished_changed;
  delete next.finished_changed;
  if (Array.isArray(changed) && changed.length) {
    const deals = Array.isArray(next.finished) ? next.finished.slice() : [];
    for (const deal of changed) {
      const at = deals.findIndex((d) => d.number === deal.number);
      if (at >= 0) deals[at] = deal;
      else deals.push(deal);
    }
    deals.sort((a, b) => a.number - b.number);
    next.finished = deals;
  }
  return next;
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      welcome = message;
      joined = true;
      retries = 0;
      setConn("connected", "online");
      clearStale();
      describeViewer();
      if (message.state) receive({ ...message.state, type: "state" });
      break;
    case "state":
      pending = false;
      state = keepSlowParts(
        state,
        message.state && typeof message.state === "object" && !message.phase ? message.state : message,
      );
      draw();
      break;
    case "error":
      pending = false;
      if (!joined) setConn("not joined", "offline");
      showMessage(messages, message.message || "The server refused that.");
      drawActions();
      break;
    case "pong":
      break;
    default:
      break;
  }
}

function clearStale() {
  for (const box of messages.querySelectorAll(".message.stale")) box.remove();
}

function describeViewer() {
  const who = document.getElementById("who");
  const player = (welcome && welcome.player) || (state && state.you) || null;
  if (!player) {
    who.textContent = "watching as a spectator";
    return;
  }
  const info = state ? playerInfo(state, player) : null;
  const seats = info && info.seats ? info.seats.map((s) => SEAT_NAMES[seatLetter(s)]).join(" and ") : "";
  who.textContent = `you are ${player}${seats ? ` (${seats})` : ""}`;
}

function send(payload) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showMessage(messages, "Not connected to the server: the page reconnects by itself; try again in a moment.",
      { kind: "error stale" });
    return false;
  }
  clearMessages(messages);
  socket.send(JSON.stringify({ type: "act", at: state ? state.at : 0, ...payload }));
  pending = true;
  drawActions();
  return true;
}

function act(action) {
  send({ action });
}

// ---- drawing ---------------------------------------------------------------

function myActions() {
  return actionList(state && state.legal);
}

/** The seats this viewer plays from now, each with its playable cards. */
function playableBySeat() {
  const map = new Map();
  const toAct = seatLetter(state.to_act);
  const cards = new Map();
  for (const { action } of myActions()) {
    const match = CARD_PLAY.exec(action);
    if (match) cards.set(match[1].toUpperCase().replace("10", "T"), action);
  }
  // The hand to play from is drawn as buttons (the legal cards enabled) only when
  // this viewer is to play a card; otherwise its cards are plain faces.
  if (toAct && cards.size) map.set(toAct, cards);
  return map;
}

// A keyboard player keeps his place: while the focus is on the table's cards
// and calls, a redraw (which replaces them) puts it back on the same action, or
// on his first choice when his turn comes round again.
let keepFocus = false;
document.addEventListener("focusin", (event) => {
  keepFocus = !!event.target.closest("#compass, #calls, #irregular");
});

function remember() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  return { action: active.dataset.action };
}

function restore(focus) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  if (!keepFocus) return;
  let target = null;
  if (focus && focus.action) {
    target = document.querySelector(`[data-action="${CSS.escape(focus.action)}"]:not(:disabled)`);
  }
  if (!target) {
    target = document.querySelector(
      "#compass button.card.legal:not(:disabled), #calls button:not(:disabled), #irregular button:not(:disabled)",
    );
  }
  if (target) target.focus();
}

function draw() {
  const focus = remember();
  document.body.dataset.at = String(state.at ?? "");
  document.body.dataset.phase = state.phase || "";
  document.body.dataset.toAct = seatLetter(state.to_act) || "";
  document.body.dataset.deal = String(state.deal_number ?? "");
  document.body.dataset.over = state.over ? "1" : "0";
  document.getElementById("variant-title").textContent = state.title || state.variant || "";
  const rubbers = state.rubbers > 1 ? ` · ${state.rubbers} rubbers` : "";
  document.getElementById("table-mode").textContent = `${state.laws ? "laws mode" : "strict play"}${rubbers}`;
  if (state.title || state.variant) document.title = `${state.title || state.variant} · dummybridge`;
  describeViewer();

  const orient = orientation(bottomSeat(state));
  const me = playerInfo(state, state.you);
  const mySeats = me ? (me.seats || []).map(seatLetter) : [];
  const ctx = { mySeats, playable: playableBySeat() };
  for (const position of ["top", "left", "right", "bottom"]) {
    renderSeat(document.getElementById(`pos-${position}`), state, orient[position], { ...ctx, position });
  }
  renderTrick(document.getElementById("trick"), state, orient);
  drawStatus();
  renderAuction(document.getElementById("auction"), state);
  document.getElementById("auction-title").textContent =
    /auction|bid/.test(String(state.phase)) || (state.history || []).some((h) => /^bid\b/.test(h.action || h[1] || ""))
      ? "Auction" : "Declaration";
  renderSheet(document.getElementById("sheet"), state.score || state.sheet);
  drawEarlierRubbers();
  drawPlayers();
  drawEvents();
  renderFinished(document.getElementById("finished"), document.getElementById("finished-list"), state);
  drawRecord();
  drawActions();
  restore(focus);
}

function drawStatus() {
  const phase = phaseWords(state.phase);
  document.getElementById("deal-info").textContent = state.over
    ? "The game is over."
    : `Deal ${state.deal_number ?? "?"}${state.dealer ? `, dealer ${SEAT_NAMES[seatLetter(state.dealer)]}` : ""} · ${phase}`;
  document.getElementById("contract").textContent = contractText(state);
  const turn = document.getElementById("turn");
  const toAct = seatLetter(state.to_act);
  const mine = myActions().length > 0;
  turn.className = `turn${mine ? " mine" : ""}`;
  turn.dataset.seat = toAct || "";
  if (state.over || !toAct) turn.textContent = state.over ? "" : "waiting…";
  else if (mine) turn.textContent = `Your turn (${SEAT_NAMES[toAct]})`;
  else turn.textContent = `${SEAT_NAMES[toAct]} to ${state.phase === "play" ? "play" : "call"}${state.actor ? ` (${state.actor})` : ""}`;
  const last = document.getElementById("last-deal");
  const lastText = lastDealText(state);
  // shown until the next deal's play begins
  last.hidden = !lastText || (state.phase === "play" && !state.over);
  last.replaceChildren(lastText ? el("a", { href: "#finished" }, lastText) : "");
  const won = state.tricks_won;
  document.getElementById("tricks-won").textContent = Array.isArray(won) && state.phase === "play"
    ? `tricks: N-S ${won[0]}, E-W ${won[1]}` : "";
}

/** The score sheets of the rubbers already played, each folded away. */
function drawEarlierRubbers() {
  const box = document.getElementById("earlier-sheets");
  const sheets = Array.isArray(state.sheets) ? state.sheets : [];
  box.replaceChildren(...sheets.map((sheet, i) => {
    const inner = el("div", { class: "scroll-x" });
    renderSheet(inner, sheet);
    return el("details", {}, el("summary", {}, `Rubber ${i + 1}`), inner);
  }));
  const title = document.getElementById("sheet-title");
  title.textContent = state.rubber_number && (sheets.length || state.rubbers > 1)
    ? `Score sheet, rubber ${state.rubber_number}` : "Score sheet";
}

/** Who plays, which hands each holds, and whether he is here. */
function drawPlayers() {
  const manned = (state.manned || []).map(seatLetter);
  const list = document.getElementById("players");
  list.replaceChildren(...(state.players || []).map((p) => {
    const hands = (p.seats || []).map(seatLetter)
      .map((s) => (manned.length && !manned.includes(s) ? `${SEAT_NAMES[s]} (Dummy)` : SEAT_NAMES[s]))
      .join(" and ");
    const bot = `bot${p.bot ? `: ${p.bot}` : ""}`;
    const who = p.stand_in ? `${bot}, in his place` : p.kind === "bot" ? bot : p.connected ? "here" : "not come yet or away";
    return el("li", { class: p.kind === "bot" ? "bot" : p.connected ? "here" : "away" },
      el("strong", {}, p.name === state.you ? `${p.name} (you)` : p.name), ` — ${hands} · ${who}`);
  }));
  drawFill();
}

/** Empty places: a seated player may have bots take them; a player whose place a bot plays is told until when. */
function drawFill() {
  const players = state.players || [];
  const me = players.find((p) => p.name === state.you);
  const note = document.getElementById("stand-in-note");
  note.hidden = !(me && me.stand_in && !state.over);
  note.textContent = note.hidden ? ""
    : `A bot (${me.bot}) plays your place until this deal is over; you take it back when the next deal begins.`;
  const empty = players.filter((p) => p.kind === "person" && !p.connected).map((p) => p.name);
  const box = document.getElementById("fill");
  box.hidden = !(state.you && !state.over && empty.length);
  document.getElementById("fill-note").textContent = box.hidden ? ""
    : `Nobody sits at ${empty.join(" and ")} now. Start without waiting: bots take those places, `
      + "and each gives his place back at the next deal when its player opens his link.";
}

document.getElementById("fill-button").addEventListener("click", () => {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showMessage(messages, "Not connected to the server: the page reconnects by itself; try again in a moment.");
    return;
  }
  clearMessages(messages);
  socket.send(JSON.stringify({ type: "fill", bot: document.getElementById("fill-bot").value }));
});

function drawEvents() {
  const list = document.getElementById("events");
  const events = state.events || [];
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...events.slice(-60).map((line) => el("li", {}, typeof line === "string" ? line : line.text || JSON.stringify(line))));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function drawRecord() {
  const box = document.getElementById("record-link");
  const href = typeof state.record === "string" ? state.record
    : state.record ? `/api/tables/${encodeURIComponent(tableId)}/record.json` : null;
  box.replaceChildren(href ? el("p", {}, el("a", { href, download: "" }, "Download the whole game's record (JSON)")) : "");
}

/** The strains of the bidding box, lowest first (the period's order of value). */
const STRAIN_ORDER = ["spades", "clubs", "diamonds", "hearts", "royal_spades", "no_trumps"];

/** The bidding box: a row for each level, a column for each strain; the bids not open are shown dimmed. */
function bidGrid(bids) {
  const parsed = bids
    .map((b) => {
      const match = /^bid\s+(\d)\s+(\S+)$/.exec(b.action);
      return match ? { ...b, level: Number(match[1]), strain: match[2] } : null;
    })
    .filter(Boolean);
  const seen = [...new Set(parsed.map((p) => p.strain))];
  const strains = [...STRAIN_ORDER.filter((s) => seen.includes(s)), ...seen.filter((s) => !STRAIN_ORDER.includes(s))];
  const lowest = Math.min(...parsed.map((p) => p.level));
  const grid = el("div", { class: "bids", role: "group", "aria-label": "bids", style: `--cols: ${strains.length}` });
  for (let level = lowest; level <= 7; level += 1) {
    for (const strain of strains) {
      const bid = parsed.find((p) => p.level === level && p.strain === strain);
      const text = callText(`bid ${level} ${strain}`);
      grid.append(bid
        ? actionButton(bid.action, text, bid.label)
        : el("span", { class: "bid-closed", "aria-hidden": "true" }, text));
    }
  }
  return grid;
}

/** A call button's text: "♠ spades", "NT no trumps", else the server's label. */
function buttonText(action, label) {
  const match = /^declare\s+(\S+)$/.exec(action);
  if (match) return `${callText(action)} ${match[1].replace(/_/g, " ")}`;
  const look = /^look\s+([NESW])$/i.exec(action);
  if (look) return `Look at ${SEAT_NAMES[look[1].toUpperCase()]}'s hand`;
  const words = actionWords(action);
  return words ? words[0].toUpperCase() + words.slice(1) : label || action;
}

/** An irregular action's button: "revoke ♣5", "1♥ (insufficient)", else the server's label. */
function irregularText(action, label) {
  const card = CARD_PLAY.exec(action);
  if (card) return `revoke: ${cardLabel(card[1])}`;
  if (/^bid\s/.test(action)) return `${callText(action)} (insufficient)`;
  return label || actionWords(action);
}

function actionButton(action, text, title) {
  const live = !pending && socket && socket.readyState === WebSocket.OPEN;
  const button = el("button", { type: "button", dataset: { action }, title: title || action, disabled: !live }, text);
  if (/[♥♦]/.test(text)) button.classList.add("red");
  button.addEventListener("click", () => act(action));
  return button;
}

function drawActions() {
  if (!state) return;
  // a spectator has nothing to send
  document.getElementById("command").hidden = !state.you;
  document.getElementById("command-hint").hidden = !state.you;
  const calls = document.getElementById("calls");
  const all = myActions();
  const bids = all.filter((a) => /^bid\s/.test(a.action));
  const others = all.filter((a) => !/^bid\s/.test(a.action) && !CARD_PLAY.test(a.action));
  const parts = [];
  if (state.penalty) {
    // laws mode: the irregularity, and the law as the variant's code cites it
    parts.push(el("p", { class: "penalty-text" }, state.penalty));
  }
  if (others.length) {
    parts.push(el("span", { class: "group-label" }, state.phase === "play" ? "Your choices:" : "Your call:"));
    for (const { action, label } of others) parts.push(actionButton(action, buttonText(action, label), label));
  }
  if (bids.length) parts.push(bidGrid(bids));
  calls.replaceChildren(...parts);
  calls.hidden = parts.length === 0;

  const irregular = document.getElementById("irregular");
  const groups = [
    ["Irregular (laws mode): a revoke, or an insufficient bid — the other side may then claim its penalty",
      actionList(state.irregular)],
    ["Remarks (laws mode)", actionList(state.remarks)],
    ["Out of turn (laws mode)", actionList(state.out_of_turn)],
  ].filter(([, list]) => list.length);
  irregular.replaceChildren(...groups.flatMap(([title, list]) => [
    el("span", { class: "group-label" }, title),
    ...list.map(({ action, label }) => actionButton(action, irregularText(action, label), action)),
  ]));
  irregular.hidden = groups.length === 0;

  // the cards of the hand to play from follow the connection too
  for (const button of document.querySelectorAll("#compass button.card")) {
    if (!button.dataset.action) continue;
    button.disabled = pending || !socket || socket.readyState !== WebSocket.OPEN;
  }
}

// ---- clicks, keyboard and the command box -------------------------------------

document.getElementById("compass").addEventListener("click", (event) => {
  const button = event.target.closest("button.card[data-action]");
  if (button && !button.disabled) act(button.dataset.action);
});


document.getElementById("command").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("command-text");
  const text = input.value.trim();
  if (!text) return;
  if (!state) {
    showMessage(messages, "The table has not loaded yet.");
    return;
  }
  // An exact action text goes as it is; anything else the server reads as natural input.
  const exact = myActions().find((a) => a.action.toLowerCase() === text.toLowerCase());
  if (send(exact ? { action: exact.action } : { text })) input.value = "";
});

document.addEventListener("keydown", (event) => {
  const target = event.target;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  if (event.key === "/" && !typing) {
    event.preventDefault();
    document.getElementById("command-text").focus();
  }
});

// The spectators' link is the table's address without the player's token.
document.getElementById("copy-spectate").addEventListener("click", async () => {
  const url = `${window.location.origin}/t/${encodeURIComponent(tableId)}`;
  const ok = await copyText(url, null);
  document.getElementById("copy-result").textContent = ok ? "copied" : url;
});

if (!tableId) {
  showMessage(messages, "This link names no table.");
} else {
  connect();
}
