// A class's front end: the teacher's grid of students by question (live as the trait
// changes), the games with their grade counts and the Review button, the CSV; a student's
// notice, the choice to send, the items and what they sent, with its two-step delete.
import { afterEach, describe, expect, it, vi } from "vitest";
import classroom, { countsText, statusText } from "../src/classroom";
import { ENGLISH, translator } from "../src/labels";
import type { ClassroomView, StudentClassView, Traits } from "../src/protocol";
import type { Message, Model } from "../src/types";
import { FakeModel } from "./fixtures";

function teacherView(patch: Partial<ClassroomView> = {}): ClassroomView {
  return {
    version: 3, code: "abcDEF123", title: "7B", teacher: "mrs_k", server: "127.0.0.1:8765",
    join: 'from bhabho_widget import Class; Class.join("127.0.0.1:8765", "abcDEF123", name="...")', joining: true, size: 300,
    students: [{ name: "Asha", consent: true }, { name: "Ben", consent: null }],
    items: [
      { id: "L1", kind: "lesson", title: "Your lead", tables: 0, questions: [
        { step: 0, prompt: "Which card should you play?", kind: "card" },
        { step: 2, prompt: "Who picks up?", kind: "seat" },
      ] },
      { id: "T1", kind: "table", title: "Play", tables: 2, questions: [] },
    ],
    cells: [
      { student: "Asha", item: "L1", step: 0, status: "right", tries: 2, answers: ["2♣", "K♥"], correct: [false, true], rating: null },
      { student: "Asha", item: "L1", step: 2, status: "skipped", tries: 0, answers: [], correct: [], rating: null },
    ],
    games: [{ id: "g1", student: "Asha", item: "T1", title: "Play", round: 1, counts: { inaccuracy: 1, mistake: 0, blunder: 2 },
      finished: 1700000000 }],
    open_game: null, ...patch,
  };
}

function studentView(patch: Partial<StudentClassView> = {}): StudentClassView {
  return {
    version: 5, code: "abcDEF123", title: "7B", teacher: "mrs_k", name: "Asha", consent: null,
    items: [{ id: "L1", kind: "lesson", title: "Your lead", questions: 2 }, { id: "T1", kind: "table", title: "Play", questions: 0 }],
    answers: [], games: [], opened: null, ...patch,
  };
}

const mounted: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of mounted.splice(0)) cleanup();
  document.body.innerHTML = "";
});

function mountClass(traits: Partial<Traits> & Record<string, unknown>) {
  const model = new FakeModel(traits as Partial<Traits>);
  for (const [k, v] of Object.entries(traits)) if (v === undefined) delete model.traits[k];
  const el = document.createElement("div");
  document.body.append(el);
  mounted.push(classroom.render({ model: model as unknown as Model, el }) as () => void);
  const q = <E extends Element = HTMLElement>(s: string) => {
    const found = el.querySelector<E>(s);
    if (!found) throw new Error(`no element matches ${s}`);
    return found;
  };
  return { model, el, q, qa: (s: string) => Array.from(el.querySelectorAll<HTMLElement>(s)), sent: () => model.sent as Message[] };
}

const teacher = (view: ClassroomView | null = teacherView()) => mountClass({ classroom: view, class_student: undefined });
const student = (view: StudentClassView | null = studentView()) => mountClass({ class_student: view, classroom: undefined });

describe("the teacher's view", () => {
  it("is a grid of students by question, each cell its status and the answers as read", () => {
    const { q, qa } = teacher();
    expect(q("[data-testid=class-teacher] h3").textContent).toBe("Class 7B");
    expect(q("[data-testid=class-code]").textContent).toBe("Class code: abcDEF123");
    expect(q("[data-testid=class-join-line]").textContent).toBe(
      'from bhabho_widget import Class; Class.join("127.0.0.1:8765", "abcDEF123", name="...")');
    expect(q(".bh-cl-join").textContent).toContain("Each student puts their own name in place of the dots.");
    expect(q(".bh-cl-join").textContent).toContain("Students: 2 of 300 places");
    const grid = q("[data-testid=class-grid] table");
    expect(grid.querySelector("caption")?.textContent).toBe("Your lead: each student's answers, question by question");
    expect(Array.from(grid.querySelectorAll("thead th"), (th) => th.textContent)).toEqual([
      "Student", "Q1Question 1: Which card should you play?", "Q2Question 2: Who picks up?"]);
    const cells = qa("[data-testid=class-cell]").map((c) => [c.dataset.student, c.dataset.step, c.dataset.status]);
    expect(cells).toEqual([["Asha", "0", "right"], ["Asha", "2", "skipped"], ["Ben", "0", "open"], ["Ben", "2", "open"]]);
    const first = qa("[data-testid=class-cell]")[0];
    expect(first.querySelector(".bh-cl-status")?.textContent).toBe("right after 2 tries");
    expect(Array.from(first.querySelectorAll(".bh-cl-answer"), (a) => [a.textContent, a.className])).toEqual([
      ["2♣", "bh-cl-answer is-wrong"], ["K♥", "bh-cl-answer is-right"]]);
    expect(q("tbody tr[data-student=Ben] th").textContent).toBe("Benhas not decided yet");
    expect(qa("[data-testid=class-grid]")).toHaveLength(1); // the table item has no grid
  });

  it("updates live when the trait changes, keeping the focus", () => {
    const { model, q, qa } = teacher();
    q<HTMLButtonElement>("[data-testid=class-game-open]").focus();
    const view = teacherView({ version: 4 });
    view.cells.push({ student: "Ben", item: "L1", step: 0, status: "right_first", tries: 1, answers: ["K♥"], correct: [true], rating: null });
    model.set("classroom", view);
    expect(qa("[data-testid=class-cell]")[2].dataset.status).toBe("right_first");
    expect(document.activeElement?.getAttribute("data-testid")).toBe("class-game-open");
  });

  it("lists the games with their grade counts; Review asks for one", () => {
    const { q, sent } = teacher();
    const game = q("[data-testid=class-game]");
    expect(game.querySelector("[data-testid=class-game-counts]")?.textContent).toBe("Inaccuracies: 1 · Mistakes: 0 · Blunders: 2");
    const open = q<HTMLButtonElement>("[data-testid=class-game-open]");
    expect(open.getAttribute("aria-label")).toBe("Review Asha's game, Play, round 1");
    open.click();
    expect(sent()).toEqual([{ type: "class_review", game: "g1" }]);
  });

  it("closes and opens joining, sets the places, and removes a student after asking", () => {
    const { model, q, qa, sent } = teacher();
    expect(q("[data-testid=class-joining]").textContent).toBe("Open to new students.");
    q<HTMLButtonElement>("[data-testid=class-joining-toggle]").click();
    q<HTMLInputElement>("[data-testid=class-size]").value = "25";
    q<HTMLButtonElement>("[data-testid=class-size-set]").click();
    model.set("classroom", teacherView({ version: 4, joining: false, size: 25 }));
    expect(q("[data-testid=class-joining]").textContent).toBe("Closed to new students: those who have a place come back.");
    expect(q("[data-testid=class-joining-toggle]").textContent).toBe("Open to new students");
    const remove = q<HTMLButtonElement>("[data-remove=Ben]");
    expect(remove.getAttribute("aria-label")).toBe("Remove Ben from the class");
    remove.click();
    expect(q("[data-student=Ben] .bh-cl-ask").textContent).toContain("Remove Ben from the class, with everything they sent?");
    expect(document.activeElement?.getAttribute("data-remove-yes")).toBe("Ben");
    q<HTMLButtonElement>("[data-remove-no=Ben]").click();
    expect(qa(".bh-cl-ask")).toHaveLength(0);
    q<HTMLButtonElement>("[data-remove=Ben]").click();
    q<HTMLButtonElement>("[data-remove-yes=Ben]").click();
    expect(sent()).toEqual([{ type: "class_joining", open: false }, { type: "class_size", size: 25 },
      { type: "class_remove", student: "Ben" }]);
  });

  it("shows a hub's join line without a name to fill in", () => {
    const { q } = teacher(teacherView({ join: 'from bhabho_widget import Class; Class.join("https://hub/services/bhabho/", "abc")' }));
    expect(q(".bh-cl-join").textContent).not.toContain("in place of the dots");
  });

  it("asks the kernel for the CSV and saves its answer in the view whose button was pressed", () => {
    const created: Blob[] = [];
    const url = vi.spyOn(URL, "createObjectURL").mockImplementation((b) => { created.push(b as Blob); return "blob:x"; });
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { q, model, sent } = teacher(teacherView());
    const file = { type: "class_csv", name: "class-abcDEF123.csv", csv: "student,kind\nAsha,answer\n" };
    model.emitCustom(file); // not asked for here: nothing saved
    expect(clicks).toEqual([]);
    q("[data-testid=class-csv]").click();
    expect(sent()).toEqual([{ type: "class_csv" }]);
    model.emitCustom({ type: "something_else" });
    model.emitCustom(file);
    model.emitCustom(file); // once per press
    expect(clicks).toEqual(["class-abcDEF123.csv"]);
    expect(created).toHaveLength(1);
    expect(created[0].type).toBe("text/csv;charset=utf-8");
    for (const spy of [url, revoke, click]) spy.mockRestore();
  });

  it("says when nothing is there yet, and waits for the kernel", () => {
    const empty = teacher(teacherView({ students: [], items: [], cells: [], games: [] }));
    expect(empty.el.textContent).toContain("No student has joined yet.");
    expect(empty.el.textContent).toContain("No lesson handed out yet.");
    expect(empty.el.textContent).toContain("No game sent yet.");
    const none = teacher(null);
    expect(none.el.textContent).toContain("Waiting for the kernel");
  });

  it("speaks the labels' language", () => {
    const { q } = mountClass({ classroom: teacherView(), class_student: undefined, lang: "de",
      labels: { language: "Sprache", review: "Analyse" } });
    expect(q("[data-testid=class-teacher]").getAttribute("lang")).toBe("de");
    expect(q("label[for$=-language]").textContent).toBe("Sprache");
    expect(q("[data-testid=class-game-open]").textContent).toBe("Analyse");
  });
});

describe("a student's view", () => {
  it("shows the notice before anything is sent, and the choice", () => {
    const { q, sent } = student();
    const notice = q("[data-testid=class-notice]");
    expect(notice.querySelector("h4")?.textContent).toBe("What your teacher sees");
    expect(notice.textContent).toContain("Nothing is sent before you agree");
    expect(q("[data-testid=class-consent]").textContent).toBe("Nothing has been sent.");
    q<HTMLButtonElement>("[data-testid=class-agree]").click();
    q<HTMLButtonElement>("[data-testid=class-decline]").click();
    expect(sent()).toEqual([{ type: "class_agree", consent: true, version: 5 }, { type: "class_agree", consent: false, version: 5 }]);
  });

  it("offers one button per item and opens it", () => {
    const { qa, q, sent } = student(studentView({ consent: true, opened: "L1" }));
    expect(qa("[data-testid=class-items] li").map((li) => li.dataset.item)).toEqual(["L1", "T1"]);
    expect(q("[data-testid=class-open-T1]").getAttribute("aria-label")).toBe("Open Play");
    q<HTMLButtonElement>("[data-testid=class-open-T1]").click();
    expect(sent()).toEqual([{ type: "class_open", item: "T1" }]);
    expect(q("[data-testid=class-consent]").textContent).toBe("You agreed: your answers and finished games go to your teacher.");
    expect(qa("[data-testid=class-agree]")).toHaveLength(0);
  });

  it("shows what was sent, and deletes it after asking", () => {
    const { q, qa, sent } = student(studentView({ consent: true,
      answers: [{ item: "L1", title: "Your lead", step: 0, number: 1, prompt: "Which card?", status: "wrong", tries: 1,
        answers: ["2♣"] }],
      games: [{ id: "g1", item: "T1", title: "Play", round: 2, counts: { inaccuracy: 0, mistake: 1, blunder: 0 } }] }));
    expect(q("[data-testid=class-sent-answer]").textContent).toBe("Your lead, question 1: not answered right2♣");
    expect(q("[data-testid=class-sent-game]").textContent).toBe("Play, round 2 Inaccuracies: 0 · Mistakes: 1 · Blunders: 0");
    q<HTMLButtonElement>("[data-testid=class-forget]").click();
    expect(q(".bh-cl-ask").textContent).toContain("Delete everything you sent");
    expect(document.activeElement?.getAttribute("data-testid")).toBe("class-forget-no");
    q<HTMLButtonElement>("[data-testid=class-forget-no]").click();
    expect(sent()).toEqual([]);
    q<HTMLButtonElement>("[data-testid=class-forget]").click();
    q<HTMLButtonElement>("[data-testid=class-forget-yes]").click();
    expect(sent()).toEqual([{ type: "class_forget", version: 5 }]);
    expect(qa(".bh-cl-ask")).toHaveLength(0);
  });

  it("has nothing to delete before anything is sent", () => {
    const { q } = student();
    expect(q<HTMLButtonElement>("[data-testid=class-forget]").disabled).toBe(true);
    expect(q("[data-testid=class-sent]").textContent).toContain("Nothing sent.");
  });
});

describe("the words", () => {
  it("tell a status and the grade counts", () => {
    expect(statusText(ENGLISH, "right_first", 1)).toBe("right first time");
    expect(statusText(ENGLISH, "right", 3)).toBe("right after 3 tries");
    expect(countsText(translator({}, "en"), { inaccuracy: 2, mistake: 1, blunder: 0 })).toBe(
      "Inaccuracies: 2 · Mistakes: 1 · Blunders: 0");
  });
});
