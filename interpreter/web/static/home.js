// The home page: the variants, the create-table form, the links; the rule editor.

import { api, clearMessages, copyText, el, showMessage } from "./common.js";

const KINDS = [
  ["person", "a person (gets a link)"],
  ["rule", "bot: rule"],
  ["sampling", "bot: sampling"],
  ["ddsampling", "bot: ddsampling (strongest, slower)"],
];

const messages = document.getElementById("messages");
let variants = [];

/** A player of a variant as {name, seats}: the server may send names or objects. */
function playersOf(variant) {
  const players = (variant && variant.players) || [];
  return players.map((p) => (typeof p === "string"
    ? { name: p, seats: (variant.hands && typeof variant.hands === "object" && variant.hands[p]) || [] }
    : { name: p.name, seats: p.seats || p.hands || [] }));
}

function seatsText(seats) {
  if (!seats || seats.length === 0) return "";
  return ` (${[].concat(seats).join(" + ")})`;
}

/** The variant chosen at first: Dummy Bridge, the game the table was made for. */
function preferred() {
  const i = variants.findIndex((v) => v.name === "dummy-bridge");
  return i < 0 ? 0 : i;
}

/** A variant's description: its first sentence, the rest behind "more". */
function describe(text) {
  if (!text) return null;
  const match = /^(.+?\.)\s+(.+)$/s.exec(text);
  if (!match || match[1].length > 160) return el("div", { class: "desc" }, text);
  return el("div", { class: "desc" }, match[1], " ",
    el("details", {}, el("summary", {}, "more"), match[2]));
}

function renderVariants() {
  const box = document.getElementById("variants");
  box.replaceChildren();
  variants.forEach((variant, i) => {
    const id = `variant-${i}`;
    const players = playersOf(variant);
    const input = el("input", {
      type: "radio", name: "variant", id, value: variant.name, checked: i === preferred(),
    });
    input.addEventListener("change", () => renderPlaces(document.getElementById("places"), players, "place"));
    box.append(el("label", { class: "variant", for: id },
      input, " ",
      el("span", { class: "title" }, variant.title || variant.name), " ",
      el("span", { class: "name" }, variant.name),
      variant.house ? el("span", { class: "tag house" }, "house rule") : null,
      el("div", { class: "players" },
        `${players.length} players: ${players.map((p) => p.name + seatsText(p.seats)).join(", ")}`
        + (typeof variant.holdings === "string" && variant.holdings ? `; ${variant.holdings}` : "")),
      describe(variant.description)));
  });
  const first = variants[preferred()];
  if (first) renderPlaces(document.getElementById("places"), playersOf(first), "place");
}

/** One select per player: a person or a kind of bot. */
function renderPlaces(box, players, prefix) {
  box.replaceChildren();
  for (const player of players) {
    const id = `${prefix}-${player.name}`;
    const select = el("select", { id, dataset: { player: player.name } },
      KINDS.map(([value, text]) => el("option", { value }, text)));
    box.append(el("label", { for: id }, `Player ${player.name}${seatsText(player.seats)}`), select);
  }
}

function placesFrom(box) {
  const places = {};
  for (const select of box.querySelectorAll("select[data-player]")) {
    places[select.dataset.player] = select.value;
  }
  return places;
}

function options() {
  return {
    laws: document.getElementById("mode").value === "laws",
    rubbers: Number(document.getElementById("rubbers").value) || 1,
    spectators: document.getElementById("spectators").value,
    fill_after: Number(document.getElementById("fill-after").value) || null,
  };
}

/** What a table made from the editor will be: the Options chosen above, said beside its button. */
function showEditorOptions() {
  const { laws, rubbers, spectators } = options();
  const play = laws ? "laws mode" : "strict play";
  const count = rubbers === 1 ? "1 rubber" : `${rubbers} rubbers`;
  const watch = spectators === "none" ? "no spectators" : "spectators welcome";
  document.getElementById("editor-options").textContent =
    `${play}, ${count}, ${watch} (the Options above)`;
}

function absolute(link) {
  return new URL(link, window.location.origin).href;
}

/** The links of a new table, each with a copy button and a way to open it. */
function showLinks(box, created) {
  const list = el("ul", { class: "links" });
  const rows = Object.entries(created.links || {}).map(([player, link]) => [`Player ${player}`, link]);
  if (created.spectate) rows.push(["Spectators", created.spectate]);
  for (const [who, link] of rows) {
    const url = absolute(link);
    const input = el("input", { type: "text", readonly: true, value: url, "aria-label": `link for ${who}` });
    const copy = el("button", { type: "button" }, "Copy");
    copy.addEventListener("click", async () => {
      const ok = await copyText(url, input);
      copy.textContent = ok ? "Copied" : "Select and copy";
      setTimeout(() => { copy.textContent = "Copy"; }, 1500);
    });
    list.append(el("li", { dataset: { who } },
      el("span", { class: "who" }, who), input,
      el("span", { class: "link-buttons" }, copy, el("a", { href: link, target: "_blank", rel: "noopener" }, "Open"))));
  }
  box.replaceChildren(
    el("h3", {}, `Table ${created.table} is ready`),
    el("p", { class: "hint" }, "Send each player his own link: it holds his secret token and is his seat at the table. "
      + "Keep yours to come back later. Nobody need wait for a player who has not come: "
      + "any player at the table may have bots take the empty places, and each gives his place back "
      + "at the next deal when its player opens his link."),
    list);
  box.hidden = false;
  box.querySelector("input")?.focus();
}

async function createTable(event) {
  event.preventDefault();
  clearMessages(messages);
  const chosen = document.querySelector("input[name=variant]:checked");
  if (!chosen) {
    showMessage(messages, "Choose a variant first.");
    return;
  }
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const created = await api("/api/tables", {
      variant: chosen.value, ...options(), places: placesFrom(document.getElementById("places")),
    });
    showLinks(document.getElementById("created"), created);
  } catch (error) {
    showMessage(messages, `The table could not be created: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// ---- the rule editor -------------------------------------------------------

const yaml = document.getElementById("yaml");
const validity = document.getElementById("validity");
const diagnosticsList = document.getElementById("diagnostics");
const editorCreate = document.getElementById("editor-create");
let validateTimer = null;
let validateSeq = 0;

/** Move the caret to a line and column (both 1-based) of the text area. */
function goTo(line, column) {
  const lines = yaml.value.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i += 1) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  yaml.focus();
  yaml.setSelectionRange(offset, offset);
  showCaret();
}

function showCaret() {
  const before = yaml.value.slice(0, yaml.selectionStart).split("\n");
  document.getElementById("caret").textContent =
    `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** The players of an edited rule: from the server's answer, or the variant it extends. */
function editorPlayers(result) {
  if (result && Array.isArray(result.players) && result.players.length) {
    return playersOf({ players: result.players, hands: result.hands });
  }
  const match = /^extends:\s*["']?([\w./-]+)["']?\s*$/m.exec(yaml.value);
  const base = match && variants.find((v) => v.name === match[1]);
  return base ? playersOf(base) : [];
}

function renderDiagnostics(result) {
  diagnosticsList.replaceChildren();
  const diagnostics = (result && result.diagnostics) || [];
  for (const d of diagnostics) {
    const where = d.line ? `${d.line}:${d.column || 1}` : "";
    const severity = d.severity || "error";
    const button = el("button", { type: "button", class: `diag ${severity}` },
      where ? el("span", { class: "where" }, `line ${where}`) : null,
      ` ${severity}: `,
      d.path ? el("code", {}, d.path) : null,
      d.path ? " " : null,
      d.message,
      d.hint ? el("span", { class: "diag-hint" }, ` (${d.hint})`) : null);
    if (d.line) button.addEventListener("click", () => goTo(d.line, d.column));
    diagnosticsList.append(el("li", {}, button));
  }
  const errors = diagnostics.filter((d) => (d.severity || "error") === "error").length;
  if (result && result.ok) {
    const named = result.title ? ` “${result.title}”` : "";
    validity.textContent = diagnostics.length
      ? `Valid${named}, with ${diagnostics.length} note(s).` : `Valid${named}: a table can be made with these rules.`;
    validity.className = "validity ok";
  } else {
    validity.textContent = `${errors || diagnostics.length} problem(s): not valid yet.`;
    validity.className = "validity bad";
  }
  editorCreate.disabled = !(result && result.ok);
  const players = result && result.ok ? editorPlayers(result) : [];
  const box = document.getElementById("editor-places");
  if (players.length) renderPlaces(box, players, "editor-place");
  else box.replaceChildren(el("p", { class: "hint" }, result && result.ok
    ? "The server seats every place with a person." : "The places appear once the rules are valid."));
}

async function validateNow() {
  const seq = ++validateSeq;
  validity.textContent = "Checking…";
  validity.className = "validity";
  try {
    const result = await api("/api/validate", { yaml: yaml.value });
    if (seq === validateSeq) renderDiagnostics(result);
  } catch (error) {
    if (seq !== validateSeq) return;
    validity.textContent = `Could not check the rules: ${error.message}`;
    validity.className = "validity bad";
    editorCreate.disabled = true;
  }
}

function scheduleValidate() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validateNow, 350);
}

async function createFromEditor() {
  clearMessages(messages);
  editorCreate.disabled = true;
  try {
    const places = placesFrom(document.getElementById("editor-places"));
    const body = { yaml: yaml.value, ...options() };
    if (Object.keys(places).length) body.places = places;
    const created = await api("/api/tables", body);
    showLinks(document.getElementById("editor-created"), created);
  } catch (error) {
    showMessage(messages, `The table could not be created: ${error.message}`);
    messages.scrollIntoView({ block: "nearest" });
  } finally {
    editorCreate.disabled = false;
  }
}

async function start() {
  document.getElementById("create-form").addEventListener("submit", createTable);
  yaml.addEventListener("input", scheduleValidate);
  yaml.addEventListener("keyup", showCaret);
  yaml.addEventListener("click", showCaret);
  yaml.addEventListener("keydown", (event) => {
    // Tab inserts two spaces (YAML indents with spaces); Escape leaves the editor.
    if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      yaml.setRangeText("  ", yaml.selectionStart, yaml.selectionEnd, "end");
      scheduleValidate();
    } else if (event.key === "Escape") {
      yaml.blur();
      editorCreate.focus();
    }
  });
  editorCreate.addEventListener("click", createFromEditor);
  for (const id of ["mode", "rubbers", "spectators"]) {
    document.getElementById(id).addEventListener("input", showEditorOptions);
    document.getElementById(id).addEventListener("change", showEditorOptions);
  }
  showEditorOptions();
  try {
    const data = await api("/api/variants");
    variants = Array.isArray(data) ? data : (data && data.variants) || [];
    renderVariants();
  } catch (error) {
    document.getElementById("variants").replaceChildren();
    showMessage(messages, `The variants could not be loaded: ${error.message}`);
  }
  validateNow();
}

start();
