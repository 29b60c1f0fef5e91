// Drawing the table from the server's state: seats and hands, the trick, the
// declaration or auction grid, the score sheet, the finished deals. Only what the
// state holds is drawn: a hand the state does not give is a row of card backs.

import {
  SEATS, SEAT_NAMES, SUITS, SUIT_SYMBOL, actionWords, bySuit, cardFace, cardLabel, el,
  handLines, isRed, parseCard, phaseWords, seatLetter,
} from "./common.js";

const GRID_ORDER = ["W", "N", "E", "S"];

/** The legal actions as [{action, label}] whatever the server's spelling. */
export function actionList(list) {
  return (list || []).map((item) => (typeof item === "string"
    ? { action: item, label: actionWords(item) }
    : { action: item.action || item.text, label: item.label || actionWords(item.action || item.text) }));
}

/** The seat at the bottom of the compass for this viewer: his manned hand, else South. */
export function bottomSeat(state) {
  const me = playerInfo(state, state.you);
  const seats = (me ? me.seats : []).map(seatLetter);
  if (!seats.length) return "S";
  const manned = (state.manned || []).map(seatLetter);
  const own = seats.filter((s) => !manned.length || manned.includes(s));
  if (own.includes("S")) return "S";
  return own[0] || seats[0];
}

/** top/left/right/bottom → seat, with the viewer's seat at the bottom (clockwise: N E S W). */
export function orientation(bottom) {
  const b = SEATS.indexOf(bottom);
  return {
    bottom,
    left: SEATS[(b + 1) % 4],
    top: SEATS[(b + 2) % 4],
    right: SEATS[(b + 3) % 4],
  };
}

export function playerInfo(state, name) {
  return (state.players || []).find((p) => p.name === name) || null;
}

/** Who holds a seat: {name, kind, connected} or null. */
export function holderOf(state, seat) {
  for (const p of state.players || []) {
    if ((p.seats || []).map(seatLetter).includes(seat)) return p;
  }
  const owners = state.owners || {};
  const name = owners[seat];
  return name ? { name } : null;
}

function handCards(state, seat) {
  const hands = state.hands || {};
  for (const [key, cards] of Object.entries(hands)) {
    if (seatLetter(key) === seat) return typeof cards === "string" ? pbnHand(cards) : cards;
  }
  return null;
}

function countOf(state, seat) {
  const counts = state.counts || {};
  for (const [key, n] of Object.entries(counts)) if (seatLetter(key) === seat) return n;
  return null;
}

/** A PBN hand ("AK43.A5.A4.AJ953", spades first) as card codes. */
export function pbnHand(text) {
  const parts = String(text).split(".");
  const cards = [];
  SUITS.forEach((suit, i) => {
    for (const rank of (parts[i] || "").replace(/10/g, "T")) if (rank !== "-") cards.push(suit + rank);
  });
  return cards;
}

/** One seat's box: who sits there, what he holds, and his cards (or their backs). */
export function renderSeat(box, state, seat, ctx) {
  const holder = holderOf(state, seat);
  const exposed = (state.exposed || []).map(seatLetter).includes(seat);
  const manned = (state.manned || []).map(seatLetter);
  const isDummy = manned.length > 0 && !manned.includes(seat);
  const toAct = seatLetter(state.to_act) === seat;
  const mine = ctx.mySeats.includes(seat);
  box.className = `seat pos-${ctx.position}${toAct ? " to-act" : ""}${mine ? " mine" : ""}`;
  box.dataset.seat = seat;
  const head = el("div", { class: "seat-head" },
    el("span", { class: "compass-name" }, SEAT_NAMES[seat]),
    holder ? el("span", { class: "who" }, holder.name === state.you ? `${holder.name} (you)` : holder.name) : null,
    holder && holder.kind && holder.kind !== "person" ? el("span", { class: "tag" }, `bot${holder.bot ? `: ${holder.bot}` : ""}`) : null,
    holder && holder.kind === "person" && holder.connected === false ? el("span", { class: "tag" }, "away") : null,
    isDummy ? el("span", { class: "tag" }, "Dummy") : null,
    exposed ? el("span", { class: "tag" }, "face up") : null,
    toAct ? el("span", { class: "tag turn" }, state.phase === "play" ? "to play" : "to act") : null);
  const cards = handCards(state, seat);
  let body;
  if (cards && cards.length === 0) body = el("div", { class: "backs", dataset: { hand: seat } }, "no cards left");
  else if (cards) body = renderHand(cards, seat, state, ctx);
  else if (countOf(state, seat) === 0) body = el("div", { class: "backs", dataset: { hidden: seat } }, "no cards left");
  else body = renderBacks(countOf(state, seat), seat);
  box.replaceChildren(head, body);
}

function renderHand(cards, seat, state, ctx) {
  const groups = bySuit(cards);
  const playable = ctx.playable.get(seat); // Map card code -> action, when this viewer plays from this seat now
  const hand = el("div", { class: "hand", dataset: { hand: seat }, "aria-label": `${SEAT_NAMES[seat]}'s hand` });
  for (const suit of SUITS) {
    const row = el("div", { class: "suit-row" },
      el("span", { class: `sym ${isRed(suit) ? "red" : "black"}`, "aria-hidden": "true" }, SUIT_SYMBOL[suit]));
    if (!groups[suit].length) row.append(el("span", { class: "void" }, "—"));
    for (const card of groups[suit]) {
      if (playable) {
        const action = playable.get(card.code);
        const button = cardFace(card.code, {
          button: true,
          rankOnly: true,
          attrs: {
            class: action ? "legal" : "",
            disabled: !action,
            dataset: action ? { action } : {},
            title: action ? `play ${cardLabel(card.code)}` : "not playable now",
          },
        });
        if (action) button.dataset.action = action;
        row.append(button);
      } else {
        row.append(cardFace(card.code, { rankOnly: true }));
      }
    }
    hand.append(row);
  }
  return hand;
}

function renderBacks(count, seat) {
  const n = typeof count === "number" ? count : 0;
  const fan = el("div", { class: "back-fan", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, 13); i += 1) fan.append(el("span", { class: "back" }));
  const text = typeof count === "number" ? `${n} card${n === 1 ? "" : "s"}` : "";
  return el("div", {
    class: "backs", dataset: { hidden: seat }, title: "not seen", "aria-label": `${text || "cards"}, not seen`,
  }, fan, el("span", { class: "count" }, text));
}

/** A trick's cards as [{seat, card}], from {leader, cards: [...]} in either spelling. */
export function trickCards(trick) {
  if (!trick) return [];
  const cards = trick.cards || [];
  const leader = seatLetter(trick.leader);
  return cards.map((item, i) => {
    if (item && typeof item === "object") return { seat: seatLetter(item.seat), card: item.card };
    return { seat: leader ? SEATS[(SEATS.indexOf(leader) + i) % 4] : null, card: item };
  });
}

/** The trick in the middle: the current one, or the last one taken, dimmed. */
export function renderTrick(box, state, orient) {
  let trick = state.current;
  let last = false;
  let cards = trickCards(trick);
  const tricks = state.tricks || [];
  if (!cards.length && tricks.length && state.phase === "play") {
    trick = tricks[tricks.length - 1];
    cards = trickCards(trick);
    last = true;
  }
  const winner = trick && seatLetter(trick.winner);
  const slots = [];
  for (const position of ["top", "left", "right", "bottom"]) {
    const seat = orient[position];
    const played = cards.find((c) => c.seat === seat);
    slots.push(el("div", {
      class: `slot ${position}${last && winner === seat ? " winner" : ""}`,
      dataset: { slot: seat },
    }, played ? cardFace(played.card) : null));
  }
  const count = tricks.length + (last ? 0 : (cards.length ? 1 : 0));
  let centre = "";
  if (state.phase === "play") centre = last ? `trick ${tricks.length} to ${SEAT_NAMES[winner] || "?"}` : `trick ${count || 1}`;
  else if (state.over) centre = "the game is over";
  else centre = contractText(state) || phaseWords(state.phase);
  box.replaceChildren(...slots, el("div", { class: "centre" }, centre));
  box.dataset.last = last ? "1" : "0";
}

/** Calls, as the grid holds them: the declaration, leaving it, bids, passes, doubles. */
const CALL = /^(declare|leave it|bid|pass|double|redouble)\b/;
function historyOf(state) {
  return (state.history || state.auction || [])
    .map((item) => (Array.isArray(item)
      ? { seat: seatLetter(item[0]), action: String(item[1]) }
      : { seat: seatLetter(item.seat), action: String(item.action || item.text || "") }))
    .filter((c) => c.seat);
}

/** The laws' decisions of this deal (a penalty chosen, a lead called, a
 * revoke claimed ...), which the server sends apart from the calls, so not in
 * the grid: [{seat, action}]. */
export function decisionsOf(state) {
  return historyOf({ history: state.decisions || [] });
}

/** The public history of this deal as [{seat, action}] (calls only: no cards, no decisions),
 * with a declaration no one called (a Dummy's forced declaration, made by the
 * rule file's table once the dealer has left it) in its place: after the last
 * "leave it", as "♥ (forced)". */
export function callsOf(state) {
  const calls = historyOf(state).filter((c) => CALL.test(c.action));
  const made = state.declaration || {};
  const maker = seatLetter(made.maker);
  const left = calls.map((c) => c.action).lastIndexOf("leave it");
  if (maker && made.denomination && left >= 0
      && !calls.some((c) => c.seat === maker && /^declare\b/.test(c.action))) {
    calls.splice(left + 1, 0, { seat: maker, action: `declare ${made.denomination}`, forced: true });
  }
  return calls;
}

/** A call as a bridge player writes it: "1♥", "2NT", "pass", "double", "♠ (declared)". */
export function callText(action) {
  const words = String(action).trim().split(/\s+/);
  const strain = (w) => ({
    spades: SUIT_SYMBOL.S, hearts: SUIT_SYMBOL.H, diamonds: SUIT_SYMBOL.D, clubs: SUIT_SYMBOL.C,
    no_trumps: "NT", notrumps: "NT", nt: "NT", royal_spades: "R♠", s: SUIT_SYMBOL.S, h: SUIT_SYMBOL.H, d: SUIT_SYMBOL.D, c: SUIT_SYMBOL.C,
  }[String(w).toLowerCase()] || w);
  if (words[0] === "bid" && words.length >= 3) return `${words[1]}${strain(words[2])}`;
  if (words[0] === "declare" && words.length >= 2) return strain(words[1]);
  return actionWords(action);
}

function callCell(call) {
  const text = callText(call.action) + (call.forced ? " (forced)" : "");
  const red = /[♥♦]/.test(text);
  return el("span", { class: red ? "red" : "" }, text);
}

/** The declaration or the auction in the W N E S grid, the dealer's column marked. */
export function renderAuction(box, state) {
  const calls = callsOf(state);
  const dealer = seatLetter(state.dealer);
  const head = el("tr", {}, GRID_ORDER.map((s) => el("th", {
    scope: "col", class: s === dealer ? "dealer" : "", title: s === dealer ? "dealer" : SEAT_NAMES[s],
  }, s === dealer ? `${s}*` : s)));
  const rows = [];
  let row = null;
  let lastCol = 99;
  if (!calls.length) {
    row = new Array(4).fill(null);
    rows.push(row);
  }
  calls.forEach((call, i) => {
    const col = GRID_ORDER.indexOf(call.seat);
    if (row === null || col <= lastCol) {
      row = new Array(4).fill(null);
      rows.push(row);
    }
    row[col] = { call, last: i === calls.length - 1 };
    lastCol = col;
  });
  const body = rows.map((cells) => el("tr", {}, cells.map((cell) => el("td", {
    class: cell && cell.last ? "last" : "",
  }, cell ? callCell(cell.call) : ""))));
  const table = el("table", { class: "auction", "aria-label": "the calls of this deal" },
    el("thead", {}, head), el("tbody", {}, body));
  const note = dealer ? el("div", { class: "hint" }, `* dealer: ${SEAT_NAMES[dealer]}`) : null;
  const decisions = decisionsOf(state);
  const also = decisions.length ? el("div", { class: "hint decisions" },
    `Decisions (laws): ${decisions.map((d) => `${d.seat} ${actionWords(d.action)}`).join(", ")}`) : null;
  box.replaceChildren(...[table, note, also].filter(Boolean)); // (a null child would read "null")
}

/** The contract line: "♥ by South, doubled" or the auction's contract. */
export function contractText(state) {
  const c = state.contract;
  if (typeof c === "string" && c) return c;
  const parts = [];
  const declaration = state.declaration || {};
  const denomination = state.denomination || declaration.denomination || (c && c.denomination);
  if (denomination) {
    const bid = (c && c.level) || declaration.level;  // Auction: the contract's level
    const level = bid ? String(bid) : "";
    parts.push(`${level}${callText(`declare ${typeof denomination === "string" ? denomination : denomination.name || ""}`)}`);
    const declarer = seatLetter(state.declarer || declaration.declarer || (c && c.declarer));
    if (declarer) parts.push(`by ${SEAT_NAMES[declarer]}`);
    const level2 = state.doubling_level || state.doubling || 0;
    const last = parts.length - 1;
    const doubled = level2 === 1 ? "doubled" : level2 === 2 ? "redoubled"
      : level2 > 2 ? `doubled ${level2} times` : "";
    if (doubled) parts[last] = `${parts[last]}, ${doubled}`;
  }
  return parts.join(" ");
}

/** The score sheet: the columns, above the line, the line, below it by game, totals. */
export function renderSheet(box, score) {
  if (!score || !score.columns) {
    box.replaceChildren(el("p", { class: "hint" }, "Nothing scored yet."));
    return;
  }
  const cols = score.columns;
  const entries = score.entries || [];
  const head = el("tr", {}, cols.map((c) => el("th", { scope: "col" }, c.name)));
  // Numbers only, as on a paper sheet; what each is for is its tooltip (and the
  // finished deal's score lines say it in words).
  const cell = (entry) => (entry
    ? el("td", {
      title: `deal ${entry.deal || "?"}: ${entry.note || entry.kind || ""}`,
      "aria-label": `${entry.points}, ${entry.note || entry.kind || ""}, deal ${entry.deal || "?"}`,
    }, String(entry.points))
    : el("td", {}, ""));
  const stack = (list) => {
    // rows of entries, one entry per column per row
    const per = cols.map((_c, i) => list.filter((e) => e.column === i));
    const height = Math.max(0, ...per.map((p) => p.length));
    const rows = [];
    for (let r = 0; r < height; r += 1) rows.push(per.map((p) => p[r] || null));
    return rows;
  };
  const above = stack(entries.filter((e) => e.line === "above")).reverse(); // above the line grows upward
  const rows = above.map((cells) => el("tr", { class: "above" }, cells.map(cell)));
  const below = entries.filter((e) => e.line !== "above");
  const games = [...new Set(below.map((e) => e.game || 1))].sort((a, b) => a - b);
  if (!games.length) rows.push(el("tr", { class: "the-line" }, cols.map(() => el("td", {}, " "))));
  games.forEach((game, gi) => {
    const gameRows = stack(below.filter((e) => (e.game || 1) === game));
    gameRows.forEach((cells, ri) => {
      const cls = [gi === 0 && ri === 0 ? "the-line" : "", ri === gameRows.length - 1 ? "game-end" : ""].join(" ");
      rows.push(el("tr", { class: cls.trim() }, cells.map(cell)));
    });
  });
  if (score.totals) {
    rows.push(el("tr", { class: "totals" }, cols.map((_c, i) => el("td", {}, String(score.totals[i] ?? 0)))));
  }
  const table = el("table", { class: "sheet", "aria-label": "score sheet" }, el("thead", {}, head), el("tbody", {}, rows));
  const extra = [];
  if (Array.isArray(score.games)) {
    extra.push(el("div", { class: "hint" }, `games won: ${cols.map((c, i) => `${c.name} ${score.games[i] ?? 0}`).join(", ")}`
      + (score.game_number ? ` · game ${score.game_number}` : "")));
  }
  if (score.over) {
    const winner = typeof score.winner === "number" ? cols[score.winner]?.name : score.winner;
    extra.push(el("div", { class: "settlement" }, winner ? `${winner} won the rubber.` : "The rubber is over."));
  }
  if (score.settlement && typeof score.settlement === "object" && Object.values(score.settlement).some((n) => n)) {
    const text = Object.entries(score.settlement).map(([who, n]) => `${who} ${n > 0 ? "+" : ""}${n}`).join(", ");
    if (text) extra.push(el("div", { class: "settlement" }, `${score.over ? "Settlement" : "Settlement so far"}: ${text}`));
  }
  box.replaceChildren(table, ...extra);
}

function costsByCard(analysis) {
  const costs = new Map();
  const list = Array.isArray(analysis) ? analysis : (analysis && (analysis.cards || analysis.costs)) || [];
  for (const item of list) {
    if (!item || item.card === undefined) continue;
    const card = typeof item.card === "number" ? null : parseCard(item.card).code;
    if (card) costs.set(card, item.cost ?? ((item.best ?? 0) - (item.after ?? 0)));
  }
  return costs;
}

function handText(cards, seat, holder) {
  const lines = handLines(cards).map(({ suit, text }) => el("div", {},
    el("span", { class: `sym ${isRed(suit) ? "red" : ""}` }, SUIT_SYMBOL[suit]), ` ${text}`));
  return el("div", { class: "hand-text", dataset: { finalHand: seat } },
    el("div", { class: "hdr" }, `${SEAT_NAMES[seat]}${holder ? ` (${holder})` : ""}`), ...lines);
}

/** A finished deal: the four hands face up, the calls, the tricks with each card's cost, the score. */
function renderDeal(deal, state, open) {
  const number = deal.number ?? deal.deal ?? "?";
  const hands = deal.hands || {};
  const byLetter = {};
  for (const [key, cards] of Object.entries(hands)) {
    byLetter[seatLetter(key)] = typeof cards === "string" ? pbnHand(cards) : cards;
  }
  const orient = orientation("S");
  const owners = {};
  for (const seat of SEATS) {
    const named = Object.entries(deal.owners || {}).find(([key]) => seatLetter(key) === seat);
    owners[seat] = named ? named[1] : holderOf(state, seat)?.name;
  }
  const contract = deal.contract || contractText(deal);
  const won = deal.tricks_won;
  const result = deal.result || (Array.isArray(won) ? `tricks: N-S ${won[0]}, E-W ${won[1]}` : "");
  const compass = el("div", { class: "mini-compass" },
    ...["top", "left", "right", "bottom"].map((pos) => {
      const seat = orient[pos];
      return el("div", { class: `pos-${pos}` }, byLetter[seat] ? handText(byLetter[seat], seat, owners[seat]) : null);
    }),
    el("div", { class: "pos-mid" }, el("div", {}, contract || "no contract", el("br"), result)));
  const parts = [compass];
  const calls = deal.calls || deal.history || deal.auction;
  if (calls && calls.length) {
    parts.push(el("p", {}, el("strong", {}, "Calls: "),
      callsOf({ history: calls, declaration: deal })
        .map((c) => `${c.seat} ${callText(c.action)}${c.forced ? " (forced)" : ""}`).join(", ")));
    const decisions = decisionsOf(deal);
    if (decisions.length) {
      parts.push(el("p", {}, el("strong", {}, "Decisions (laws): "),
        decisions.map((d) => `${d.seat} ${actionWords(d.action)}`).join(", ")));
    }
  }
  const costs = costsByCard(deal.analysis);
  const tricks = deal.tricks || [];
  if (tricks.length) {
    const rows = tricks.map((trick, i) => {
      const cards = trickCards(trick);
      const winner = seatLetter(trick.winner);
      return el("tr", {}, el("th", { scope: "row" }, String(i + 1)),
        GRID_ORDER.map((seat) => {
          const played = cards.find((c) => c.seat === seat);
          if (!played) return el("td", {}, "");
          const code = parseCard(played.card).code;
          const cost = costs.get(code);
          return el("td", { class: winner === seat ? "won" : "", dataset: { playedCard: code } },
            el("span", { class: isRed(code[0]) ? "red" : "" }, cardLabel(code)),
            cost === undefined ? null : el("span", { class: `cost${cost === 0 ? " zero" : ""}`, title: "tricks this card gave away, double dummy" },
              cost === 0 ? "0" : `−${cost}`));
        }));
    });
    parts.push(el("div", { class: "scroll-x" }, el("table", { class: "tricks", "aria-label": `deal ${number}: the tricks` },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), GRID_ORDER.map((s) => el("th", { scope: "col" }, s)))),
      el("tbody", {}, rows))));
    if (deal.analysis === null || deal.analysis === undefined) {
      parts.push(el("p", { class: "hint" }, "The double-dummy analysis is being computed…"));
    } else {
      parts.push(el("p", { class: "hint" }, "Under each card: the tricks it gave away against double-dummy play (0: a best card; −n: n tricks lost). The winner of each trick is marked."));
    }
  }
  const lines = deal.score || deal.lines || deal.score_lines || [];
  if (lines.length) {
    parts.push(el("ul", { class: "score-lines" }, lines.map((line) => el("li", {}, typeof line === "string"
      ? line : `${line.points} ${line.line || ""} ${line.note || line.kind || ""}${line.column !== undefined && state.score && state.score.columns ? ` (${state.score.columns[line.column]?.name || ""})` : ""}`))));
  }
  const downloads = deal.downloads || deal.links || {};
  const links = Object.entries(downloads).map(([kind, href]) => el("a", { href, download: "" }, `Download ${kind.toUpperCase()}`));
  if (links.length) parts.push(el("div", { class: "downloads" }, links));
  return el("details", { open, dataset: { deal: number } },
    el("summary", {}, `Deal ${number}${contract ? `: ${contract}` : ""}${result ? ` — ${result}` : ""}`),
    ...parts);
}

/** "Deal 1: ♣ by South — tricks: N-S 11, E-W 2" for the last finished deal, or "". */
export function lastDealText(state) {
  const deals = state.finished || [];
  if (!deals.length) return "";
  const deal = deals[deals.length - 1];
  const contract = deal.contract || contractText(deal);
  const won = deal.tricks_won;
  const result = Array.isArray(won) ? `tricks: N-S ${won[0]}, E-W ${won[1]}` : "";
  return `Deal ${deal.number ?? deal.deal ?? "?"} is over: ${contract || "no contract"}${result ? ` — ${result}` : ""}`;
}

export function renderFinished(section, list, state) {
  const deals = state.finished || [];
  section.hidden = deals.length === 0;
  list.replaceChildren(...deals.slice().reverse().map((deal, i) => renderDeal(deal, state, i === 0)));
}

