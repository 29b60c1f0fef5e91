// Shared helpers of the pages: building elements, cards and seats, the server's API,
// the message area. Everything the page shows comes from the server; nothing is guessed.

export const SEATS = ["N", "E", "S", "W"];
export const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
export const SUITS = ["S", "H", "D", "C"]; // the order a hand is shown in
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_ORDER = "AKQJT98765432";

const PHASE_WORDS = {
  declare: "the declaration",
  auction: "the auction",
  double: "the doubling",
  play: "the play",
  claim: "revoke claims",
  penalty: "a penalty",
  over: "the game is over",
};

/** A phase in words: "declare" -> "the declaration". */
export function phaseWords(phase) {
  return PHASE_WORDS[phase] || String(phase || "").replace(/_/g, " ");
}

/** Make an element: el("button", {class: "x", onclick: f}, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A seat as "N", "E", "S" or "W", from a letter, a name or a number (0 = North). */
export function seatLetter(seat) {
  if (seat === null || seat === undefined) return null;
  if (typeof seat === "number") return SEATS[seat & 3];
  const text = String(seat).trim().toUpperCase();
  return SEATS.includes(text[0]) ? text[0] : null;
}

/** A card code ("SA", "HT", "H10") as {suit, rank} with rank "T" for the ten. */
export function parseCard(code) {
  const text = String(code).trim().toUpperCase();
  const suit = text[0];
  let rank = text.slice(1);
  if (rank === "10") rank = "T";
  return { suit, rank, code: suit + rank };
}

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

export function isRed(suit) {
  return suit === "H" || suit === "D";
}

/** A card's text with its suit symbol: "♠A", "♥10". */
export function cardLabel(code) {
  const { suit, rank } = parseCard(code);
  return (SUIT_SYMBOL[suit] || suit) + rankText(rank);
}

/** A card face as a span (or a button when attrs.button is set). */
export function cardFace(code, { button = false, attrs = {}, rankOnly = false } = {}) {
  const { suit, rank } = parseCard(code);
  const tag = button ? "button" : "span";
  const cls = ["card", isRed(suit) ? "red" : "black", attrs.class || ""].join(" ").trim();
  const shown = rankOnly ? rankText(rank) : cardLabel(code);
  const node = el(tag, { ...attrs, class: cls, dataset: { card: suit + rank } }, shown);
  if (!attrs["aria-label"]) {
    node.setAttribute("aria-label", `${rankWord(rank)} of ${SUIT_NAME[suit] || suit}`);
  }
  if (button) node.type = "button";
  return node;
}

const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
export function rankWord(rank) {
  return RANK_WORDS[rank] || rank;
}

/** The cards of a hand by suit, each suit highest first. */
export function bySuit(cards) {
  const groups = { S: [], H: [], D: [], C: [] };
  for (const code of cards || []) {
    const card = parseCard(code);
    if (groups[card.suit]) groups[card.suit].push(card);
  }
  for (const suit of SUITS) {
    groups[suit].sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank));
  }
  return groups;
}

/** A hand as one line of text per suit, e.g. "♠ A K 5". */
export function handLines(cards) {
  const groups = bySuit(cards);
  return SUITS.map((suit) => {
    const ranks = groups[suit].map((c) => rankText(c.rank)).join(" ");
    return { suit, text: ranks || "—" };
  });
}

/** Make a call or declaration readable: "declare no_trumps" -> "declare no trumps". */
export function actionWords(text) {
  return String(text)
    .replace(/_/g, " ")
    .replace(/\b(play|touch|suggest|expose|call) ([SHDC])(10|[2-9TJQKA])\b/gi, (_m, verb, s, r) =>
      `${verb} ${cardLabel(s + r)}`,
    );
}

/** The server's API: JSON in, JSON out; an error is thrown with the server's message. */
export async function api(path, body) {
  const options = body === undefined
    ? { headers: { Accept: "application/json" } }
    : {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new Error(`cannot reach the server (${error.message})`);
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && (data.error || data.message)) || text || response.statusText;
    throw new Error(`${message} (HTTP ${response.status})`);
  }
  return data;
}

/** Show a message in a page's message area; errors stay until dismissed or replaced. */
export function showMessage(area, text, { kind = "error", replace = true } = {}) {
  if (!area) return;
  if (replace) area.replaceChildren();
  const close = el("button", { type: "button", "aria-label": "dismiss message" }, "×");
  const box = el("div", { class: `message ${kind}`, role: kind.startsWith("error") ? "alert" : "status" },
    el("span", { class: "text" }, text), close);
  close.addEventListener("click", () => box.remove());
  area.append(box);
}

export function clearMessages(area) {
  if (area) area.replaceChildren();
}

/** Copy text to the clipboard; falls back to selecting an input's text. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}
