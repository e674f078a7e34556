// anywidget entry point for a class (bhabho_widget.table.classroom): the teacher's view and a
// student's. It holds no rules and no data of its own: it draws the synced `classroom` trait
// (the teacher's: the students by question of each lesson handed out, live as answers come,
// the games students sent with their grade counts, a CSV export) or `class_student` (a
// student's: the notice and the choice to send, the items handed out, what they sent), and
// sends intentions (protocol.json's class_* messages).

import type { AnyModel, AnyWidget } from "@anywidget/types";
import "./base.css";
import "./classroom.css";
import { focusedWithin, h } from "./dom";
import { type LabelKey, type Translate, translator } from "./labels";
import type {
  ClassCell,
  ClassCsvFile,
  ClassItem,
  ClassroomView,
  ClassStatus,
  GradeCounts,
  Language,
  Message,
  StudentClassView,
  Traits,
} from "./protocol";

type Model = AnyModel<Traits>;
type ClassMessage = Extract<Message, { type: `class_${string}` | "set_language" }>;

const MARKS: Record<ClassStatus, string> = { right_first: "✓", right: "✓", wrong: "✗", skipped: "–", open: "·" };
const STATUS_KEYS: Record<ClassStatus, LabelKey> = {
  right_first: "class_status_right_first", right: "class_status_right", wrong: "class_status_wrong",
  skipped: "class_status_skipped", open: "class_status_open",
};

/** How a question went, in words: "right first time", "right after 2 tries", ... */
export function statusText(t: Translate, status: ClassStatus, tries: number): string {
  return t(STATUS_KEYS[status], { n: tries });
}

/** The review's grade counts in the review panel's own words. */
export function countsText(t: Translate, counts: GradeCounts): string {
  return t("review_counts", { inaccuracy: counts.inaccuracy, mistake: counts.mistake, blunder: counts.blunder });
}

/** The grid of one lesson: a row per student, a column per question, each cell the status
 * (a mark and its words) and the answers as the student read them. */
export function renderGrid(view: ClassroomView, item: ClassItem, t: Translate, uid: string): HTMLElement {
  const cells = new Map<string, ClassCell>();
  for (const c of view.cells) if (c.item === item.id) cells.set(`${c.student}\u0000${c.step}`, c);
  const captionId = `${uid}-grid-${item.id}`;
  const head = h("tr", {}, h("th", { scope: "col" }, t("class_student_head")),
    ...item.questions.map((q, i) => h("th", { scope: "col", "data-step": q.step, title: q.prompt },
      h("span", { "aria-hidden": "true" }, t("class_question_head", { n: i + 1 })),
      h("span.bh-sr-only", {}, t("class_question_aria", { n: i + 1, prompt: q.prompt })))));
  const puzzles = item.kind === "puzzles";
  if (puzzles) head.append(h("th", { scope: "col" }, t("class_puzzle_head")));
  const summary = (name: string): HTMLElement => {
    // a set of puzzles: what the student solved, tried, and how their rating moved over it
    const mine = view.cells.filter((c) => c.item === item.id && c.student === name);
    const delta = Math.round(mine.reduce((sum, c) => sum + (c.rating ?? 0), 0));
    return h("td.bh-cl-summary", { "data-testid": "class-puzzle-summary", "data-student": name },
      t("class_puzzle_summary", { solved: mine.filter((c) => c.correct.some(Boolean)).length, tried: mine.length,
        delta: delta >= 0 ? `+${delta}` : String(delta) }));
  };
  const rows = view.students.map((s) => h("tr", { "data-student": s.name },
    h("th", { scope: "row" }, h("span.bh-cl-name", {}, s.name),
      h("span.bh-cl-consent", {}, t(s.consent === true ? "class_consent_yes" : s.consent === false ? "class_consent_no" : "class_consent_open"))),
    ...item.questions.map((q) => {
      const c = cells.get(`${s.name}\u0000${q.step}`);
      const status: ClassStatus = c ? c.status : "open";
      const answers = c ? c.answers.map((a, k) => h(`span.bh-cl-answer.${c.correct[k] ? "is-right" : "is-wrong"}`, {}, a)) : [];
      return h(`td.bh-cl-cell.is-${status}`, {
        "data-testid": "class-cell", "data-student": s.name, "data-item": item.id, "data-step": q.step, "data-status": status,
      },
      h("span.bh-cl-mark", { "aria-hidden": "true" }, MARKS[status]),
      h("span.bh-cl-status", {}, statusText(t, status, c ? c.tries : 0)),
      answers.length ? h("span.bh-cl-answers", {}, ...answers) : null);
    }),
    puzzles ? summary(s.name) : null));
  const questions = h("ol.bh-cl-questions", {}, ...item.questions.map((q) => h("li", {}, q.prompt)));
  return h("section.bh-cl-lesson", { "data-testid": "class-grid", "data-item": item.id },
    h("div.bh-cl-scroll", {}, h("table.bh-cl-grid", { "aria-labelledby": captionId },
      h("caption", { id: captionId }, t("class_grid_caption", { title: item.title })),
      h("thead", {}, head), h("tbody", {}, ...rows))),
    questions);
}

function languageMenu(model: Model, uid: string, t: Translate): HTMLElement {
  const select = h("select.bh-input", { id: `${uid}-language`, "data-testid": "class-language" });
  const langs: Language[] = model.get("languages") ?? [];
  select.replaceChildren(...langs.map((l) => h("option", { value: l.code }, l.name)));
  select.value = model.get("lang");
  return h("span.bh-field", {}, h("label", { for: select.id }, t("language")), select);
}

function errorLine(model: Model): HTMLElement {
  const err = model.get("error") ?? "";
  return h("p.bh-error", { role: "alert", "data-testid": "error", hidden: !err }, err);
}

/** Puts `parts` into `root` in place of what it held, the focus kept on the control it was on. */
function redraw(root: HTMLElement, parts: (Node | null)[]): void {
  const focused = focusedWithin(root);
  const key = focused ? focused.dataset.focusKey ?? focused.dataset.testid ?? focused.id : null;
  root.replaceChildren(...parts.filter((p): p is Node => p !== null));
  if (key) {
    const quoted = key.replace(/["\\]/g, "\\$&");
    const again = root.querySelector<HTMLElement>(`[data-focus-key="${quoted}"]`)
      ?? root.querySelector<HTMLElement>(`[data-testid="${quoted}"]`)
      ?? (document.getElementById(key) as HTMLElement | null);
    again?.focus();
  }
}

let mounts = 0;

// ---------------------------------------------------------------------- the teacher
export function mountTeacher(model: Model, el: HTMLElement): () => void {
  const uid = `bhc${++mounts}`;
  const root = h("div.bhabho-root.bh-class", {
    "data-testid": "class-teacher", "data-lm-suppress-shortcuts": true, role: "region", "aria-labelledby": `${uid}-title`,
  });
  el.append(root);
  const send = (msg: ClassMessage) => model.send(msg);
  let removing: string | null = null; // the student the question "remove?" is about
  let rosterOpen = false;
  let csvAsked = false; // this view's Download CSV was pressed: the kernel's answer is saved here

  function draw(): void {
    const t = translator(model.get("labels"), model.get("lang"));
    root.setAttribute("lang", t.lang);
    const v: ClassroomView | null = model.get("classroom") ?? null;
    const title = h("h3.bh-cl-title", { id: `${uid}-title` }, v ? t("class_teacher_title", { title: v.title }) : t("waiting_kernel"));
    if (!v) {
      redraw(root, [title, errorLine(model)]);
      return;
    }
    root.dataset.version = String(v.version);
    const join = h("div.bh-cl-join", {},
      h("p.bh-cl-code", { "data-testid": "class-code" }, t("class_code", { code: v.code })),
      h("p", {}, t("class_join_how")),
      h("code.bh-cl-join-code", { "data-testid": "class-join-line" }, v.join),
      v.join.includes("name=") ? h("p", {}, t("class_join_name")) : null,
      h("p", {}, v.students.length ? t("class_places", { n: v.students.length, size: v.size }) : t("class_no_students")));
    const size = h("input.bh-input", {
      id: `${uid}-size`, type: "number", min: 1, max: 300, value: v.size, "data-testid": "class-size",
    });
    const joining = h("div.bh-cl-tools", { role: "group", "aria-labelledby": `${uid}-joining` },
      h("p.bh-cl-note", { id: `${uid}-joining`, "data-testid": "class-joining", "data-open": String(v.joining) },
        t(v.joining ? "class_joining_open" : "class_joining_closed")),
      h("button.bh-btn", { type: "button", "data-testid": "class-joining-toggle" },
        t(v.joining ? "class_close_joining" : "class_open_joining")),
      h("span.bh-field", {}, h("label", { for: size.id }, t("class_size_label")), size),
      h("button.bh-btn", { type: "button", "data-testid": "class-size-set" }, t("class_size_set")));
    const roster = h("details.bh-cl-section", { "data-testid": "class-roster", open: rosterOpen || removing !== null },
      h("summary", {}, t("class_roster")),
      h("ul.bh-cl-list", {}, ...v.students.map((s) => h("li", { "data-student": s.name },
        h("span.bh-cl-name", {}, s.name), " ",
        removing === s.name
          ? h("span.bh-cl-ask", { role: "group" }, t("class_remove_ask", { name: s.name }), " ",
            h("button.bh-btn.is-danger", { type: "button", "data-remove-yes": s.name, "data-focus-key": "remove-yes" },
              t("class_remove_yes")),
            h("button.bh-btn", { type: "button", "data-remove-no": s.name }, t("class_remove_no")))
          : h("button.bh-btn", {
            type: "button", "data-remove": s.name, "data-focus-key": `remove-${s.name}`,
            "aria-label": t("class_remove_aria", { name: s.name }),
          }, t("class_remove"))))));
    const lessons = v.items.filter((i) => i.kind === "lesson" || i.kind === "puzzles");
    const grids = lessons.length ? lessons.map((item) => renderGrid(v, item, t, uid))
      : [h("p.bh-cl-empty", {}, t("class_no_lessons"))];
    const tables = v.items.filter((i) => i.kind === "table");
    const tableList = tables.length ? h("section.bh-cl-section", { "aria-labelledby": `${uid}-tables` },
      h("h4", { id: `${uid}-tables` }, t("class_tables_title")),
      h("ul.bh-cl-list", {}, ...tables.map((i) => h("li", {}, t("class_tables_item", { title: i.title, n: i.tables }))))) : null;
    const games = h("section.bh-cl-section", { "data-testid": "class-games", "aria-labelledby": `${uid}-games` },
      h("h4", { id: `${uid}-games` }, t("class_games_title")),
      v.games.length ? h("ul.bh-cl-list", {}, ...v.games.map((g) => {
        const vars = { student: g.student, title: g.title, round: g.round };
        return h("li.bh-cl-game", { "data-testid": "class-game", "data-game": g.id, "data-student": g.student },
          h("span.bh-cl-game-name", {}, t("class_game_row", vars)),
          h("span.bh-cl-counts", { "data-testid": "class-game-counts" }, countsText(t, g.counts)),
          h("button.bh-btn", {
            type: "button", "data-testid": "class-game-open", "data-game": g.id, "data-focus-key": `game-${g.id}`,
            "aria-label": t("class_game_open_aria", vars),
          }, t("review")),
          v.open_game === g.id ? h("span.bh-cl-note", {}, t("class_game_opened")) : null);
      })) : h("p.bh-cl-empty", {}, t("class_no_games")));
    const csv = h("button.bh-btn", { type: "button", "data-testid": "class-csv" }, t("class_csv"));
    const tools = h("div.bh-cl-tools", {}, csv, languageMenu(model, uid, t));
    redraw(root, [title, join, joining, roster, ...grids, tableList, games, tools, errorLine(model)]);
  }

  root.addEventListener("click", (e) => {
    const target = e.target as HTMLElement;
    const v: ClassroomView | null = model.get("classroom") ?? null;
    const button = target.closest<HTMLElement>("button");
    const open = target.closest<HTMLElement>("button[data-game]");
    if (open?.dataset.game) send({ type: "class_review", game: open.dataset.game });
    else if (target.closest("[data-testid=class-csv]")) {
      csvAsked = true;
      send({ type: "class_csv" });
    }
    else if (v && button?.dataset.testid === "class-joining-toggle") send({ type: "class_joining", open: !v.joining });
    else if (v && button?.dataset.testid === "class-size-set") {
      const size = Number(root.querySelector<HTMLInputElement>("[data-testid=class-size]")?.value);
      if (Number.isInteger(size) && size >= 1 && size <= 300) send({ type: "class_size", size });
    } else if (button?.dataset.remove !== undefined) {
      removing = button.dataset.remove;
      draw();
      root.querySelector<HTMLElement>("[data-focus-key=remove-yes]")?.focus();
    } else if (button?.dataset.removeNo !== undefined) {
      removing = null;
      draw();
    } else if (button?.dataset.removeYes !== undefined) {
      removing = null;
      send({ type: "class_remove", student: button.dataset.removeYes });
      draw();
    }
  });
  root.addEventListener("toggle", (e) => {
    const target = e.target as HTMLElement;
    if (target instanceof HTMLDetailsElement && target.dataset.testid === "class-roster") rosterOpen = target.open;
  }, true);
  root.addEventListener("change", (e) => {
    const target = e.target as HTMLSelectElement;
    if (target.dataset.testid === "class-language" && target.value !== model.get("lang")) {
      send({ type: "set_language", language: target.value });
    }
  });
  root.addEventListener("keydown", (e) => {
    if ((e.target as HTMLElement).closest("button, select")) e.stopPropagation(); // not JupyterLab's shortcuts
  });
  // the CSV is not in the trait (a big class's would be sent again after every answer): the
  // kernel answers the button with a custom message, saved by the view whose button was pressed
  const onCustom = (msg: unknown) => {
    const file = msg as Partial<ClassCsvFile> | null;
    if (!csvAsked || file?.type !== "class_csv" || typeof file.csv !== "string" || typeof file.name !== "string") return;
    csvAsked = false;
    download(file.name, file.csv);
  };
  model.on("msg:custom", onCustom);
  const stop = watch(model, root, draw, ["classroom"]);
  return () => {
    model.off("msg:custom", onCustom);
    stop();
  };
}

/** Saves the class's CSV (the kernel's text) as the file ``name``. */
export function download(name: string, csv: string): void {
  const blob = new Blob([csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------------- a student
export function mountStudent(model: Model, el: HTMLElement): () => void {
  const uid = `bhc${++mounts}`;
  const root = h("div.bhabho-root.bh-class", {
    "data-testid": "class-student", "data-lm-suppress-shortcuts": true, role: "region", "aria-labelledby": `${uid}-title`,
  });
  el.append(root);
  let asking = false; // the question "delete everything?" is shown
  const send = (msg: ClassMessage) => model.send(msg);

  function draw(): void {
    const t = translator(model.get("labels"), model.get("lang"));
    root.setAttribute("lang", t.lang);
    const v: StudentClassView | null = model.get("class_student") ?? null;
    const title = h("h3.bh-cl-title", { id: `${uid}-title` }, v ? t("class_student_title", { title: v.title }) : t("waiting_kernel"));
    if (!v) {
      redraw(root, [title, errorLine(model)]);
      return;
    }
    root.dataset.version = String(v.version);
    const said = v.consent === true ? "class_agreed" : v.consent === false ? "class_declined" : "class_undecided";
    const notice = h("section.bh-cl-notice", { "data-testid": "class-notice", "aria-labelledby": `${uid}-notice` },
      h("h4", { id: `${uid}-notice` }, t("class_notice_title")),
      h("p", {}, t("class_notice")),
      h("div.bh-cl-choice", {},
        v.consent !== true ? h("button.bh-btn.is-primary", { type: "button", "data-testid": "class-agree" }, t("class_agree")) : null,
        v.consent !== false ? h("button.bh-btn", { type: "button", "data-testid": "class-decline" }, t("class_decline")) : null),
      h("p.bh-cl-said", { "data-testid": "class-consent", "aria-live": "polite", "data-consent": String(v.consent) }, t(said)));
    const items = h("section.bh-cl-section", { "data-testid": "class-items", "aria-labelledby": `${uid}-items` },
      h("h4", { id: `${uid}-items` }, t("class_items_title")),
      v.items.length ? h("ul.bh-cl-list", {}, ...v.items.map((i) => h("li.bh-cl-item", { "data-item": i.id },
        h("span.bh-cl-item-name", {}, i.title),
        h("span.bh-cl-note", {}, i.kind === "lesson" ? t("class_item_lesson", { n: i.questions })
          : i.kind === "puzzles" ? t("class_item_puzzles", { n: i.questions }) : t("class_item_table")),
        h("button.bh-btn", {
          type: "button", "data-testid": `class-open-${i.id}`, "data-open": i.id, "data-focus-key": `open-${i.id}`,
          "aria-label": t("class_open_aria", { title: i.title }),
        }, t("class_open")),
        v.opened === i.id ? h("span.bh-cl-note", {}, t("class_opened")) : null))) : h("p.bh-cl-empty", {}, t("class_nothing_handed")));
    const answers = v.answers.map((a) => h("li", { "data-testid": "class-sent-answer" },
      t("class_sent_answer", { title: a.title, n: a.number, status: statusText(t, a.status, a.tries) }),
      a.answers.length ? h("span.bh-cl-answers", {}, ...a.answers.map((x) => h("span.bh-cl-answer", {}, x))) : null));
    const games = v.games.map((g) => h("li", { "data-testid": "class-sent-game" },
      t("class_sent_game", { title: g.title, round: g.round }), " ", h("span.bh-cl-counts", {}, countsText(t, g.counts))));
    const nothing = !answers.length && !games.length;
    const forget = asking
      ? h("div.bh-cl-ask", { role: "group", "aria-labelledby": `${uid}-ask` },
        h("p", { id: `${uid}-ask` }, t("class_forget_ask")),
        h("button.bh-btn.is-danger", { type: "button", "data-testid": "class-forget-yes" }, t("class_forget_yes")),
        h("button.bh-btn", { type: "button", "data-testid": "class-forget-no" }, t("class_forget_no")))
      : h("button.bh-btn", { type: "button", "data-testid": "class-forget", disabled: nothing }, t("class_forget"));
    const sent = h("section.bh-cl-section", { "data-testid": "class-sent", "aria-labelledby": `${uid}-sent` },
      h("h4", { id: `${uid}-sent` }, t("class_sent_title")),
      nothing ? h("p.bh-cl-empty", {}, t("class_sent_none")) : h("ul.bh-cl-list", {}, ...answers, ...games),
      forget);
    const who = h("p.bh-cl-who", {}, t("class_you_are", { name: v.name }));
    redraw(root, [title, who, notice, items, sent, h("div.bh-cl-tools", {}, languageMenu(model, uid, t)), errorLine(model)]);
  }

  root.addEventListener("click", (e) => {
    const target = e.target as HTMLElement;
    const v: StudentClassView | null = model.get("class_student") ?? null;
    if (!v) return;
    const open = target.closest<HTMLElement>("button[data-open]");
    const id = target.closest<HTMLElement>("button")?.dataset.testid;
    if (open?.dataset.open) send({ type: "class_open", item: open.dataset.open });
    else if (id === "class-agree") send({ type: "class_agree", consent: true, version: v.version });
    else if (id === "class-decline") send({ type: "class_agree", consent: false, version: v.version });
    else if (id === "class-forget" || id === "class-forget-no") {
      asking = id === "class-forget";
      draw();
      root.querySelector<HTMLElement>(asking ? "[data-testid=class-forget-no]" : "[data-testid=class-forget]")?.focus();
    } else if (id === "class-forget-yes") {
      asking = false;
      send({ type: "class_forget", version: v.version });
      draw();
    }
  });
  root.addEventListener("change", (e) => {
    const target = e.target as HTMLSelectElement;
    if (target.dataset.testid === "class-language" && target.value !== model.get("lang")) {
      send({ type: "set_language", language: target.value });
    }
  });
  root.addEventListener("keydown", (e) => {
    if ((e.target as HTMLElement).closest("button, select")) e.stopPropagation();
  });
  return watch(model, root, draw, ["class_student"]);
}

function watch(model: Model, root: HTMLElement, draw: () => void, traits: string[]): () => void {
  const events = [...traits, "error", "labels", "lang", "languages"].map((name) => `change:${name}`);
  for (const ev of events) model.on(ev, draw);
  draw();
  return () => {
    for (const ev of events) model.off(ev, draw);
    root.remove();
  };
}

const widget = {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    // a student's panel has no classroom trait, the teacher's no class_student
    const student = model.get("class_student") != null || model.get("classroom") === undefined;
    return student ? mountStudent(model, el) : mountTeacher(model, el);
  },
} satisfies AnyWidget<Traits>;

export default widget;
