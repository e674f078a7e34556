// A fake anywidget model and the example view used by the tests.
import widget from "../src/widget";
import type { Config, Message, Model, Traits, View } from "../src/types";

type Handler = (...args: unknown[]) => void;

export class FakeModel {
  traits: Record<string, unknown>;
  sent: Message[] = [];
  saves = 0;
  private handlers = new Map<string, Set<Handler>>();

  constructor(traits: Partial<Traits> = {}) {
    this.traits = { ...defaultTraits(), ...traits };
  }
  get(name: string): unknown {
    return this.traits[name];
  }
  set(name: string, value: unknown): void {
    this.traits[name] = value;
    this.emit(`change:${name}`);
  }
  on(event: string, cb: Handler): void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(cb);
  }
  off(event?: string | null, cb?: Handler | null): void {
    if (!event) return this.handlers.clear();
    if (!cb) return void this.handlers.delete(event);
    this.handlers.get(event)?.delete(cb);
  }
  save_changes(): void {
    this.saves++;
  }
  send(msg: Message): void {
    this.sent.push(JSON.parse(JSON.stringify(msg)));
  }
  emit(event: string): void {
    for (const cb of [...(this.handlers.get(event) ?? [])]) cb();
  }
  /** Like the kernel's custom message (``widget.send(content)`` in Python). */
  emitCustom(content: unknown): void {
    for (const cb of [...(this.handlers.get("msg:custom") ?? [])]) cb(content);
  }
  listenerCount(): number {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }
  /** Like a kernel update: a new view object replaces the old one. */
  setView(patch: Partial<View>): void {
    this.set("view", { ...(this.traits.view as View), ...patch });
  }
  sentOfType<T extends Message["type"]>(type: T): Extract<Message, { type: T }>[] {
    return this.sent.filter((m) => m.type === type) as Extract<Message, { type: T }>[];
  }
}

export function exampleView(patch: Partial<View> = {}): View {
  return {
    version: 5,
    mode: "play",
    seat: 0,
    num_players: 4,
    names: ["You", "Bot 1", "Bot 2", "Bot 3"],
    hand: ["3S", "10S", "KS", "2H", "JH", "4D", "AC"],
    hand_sizes: [7, 9, 8, 9],
    hands: null,
    table: [
      { seat: 2, card: "QH" },
      { seat: 3, card: "5H" },
    ],
    led_suit: "H",
    waste_size: 12,
    leader: 2,
    current_player: 0,
    trick_number: 4,
    opening: false,
    escaped: [],
    is_over: false,
    loser: null,
    legal: ["2H", "JH"],
    can_take: false,
    take_offer: false,
    can_undo: true,
    take_target: null,
    waiting: "human",
    change: "step",
    narration: "Bot 3 follows with 5♥.",
    events: [{ kind: "follow", seat: 3, cards: ["5H"], text: "Bot 3 follows with 5♥." }],
    log: [
      { kind: "lead", text: "Bot 2 leads Q♥." },
      { kind: "follow", text: "Bot 3 follows with 5♥." },
    ],
    last_trick: null,
    result: null,
    lesson: null,
    review: null,
    imagine: null,
    ...patch,
  };
}

export function config(patch: Partial<Config> = {}): Config {
  return { players: 4, seed: 42, variant: "classic", bots: "rules", language: "en", rounds: null, ...patch };
}

/** What a lesson's widget takes (table/backend.py, LessonSteps): its steps, its answers, the
 * Tracker, the language and the deck; the default traits are a local table's. */
export const LESSON_CAPABILITIES: Traits["capabilities"] = ["goto", "answer", "set_language", "set_deck", "tracker"];

export function defaultTraits(): Traits {
  return {
    view: exampleView(),
    pace: 0.8,
    reveal_all: false,
    error: "",
    hint: null,
    score: null,
    variants: ["classic", "no-take"],
    bot_levels: ["random", "rules"],
    languages: [
      { code: "en", name: "English" },
      { code: "hi", name: "हिन्दी" },
    ],
    config: config(),
    labels: {},
    lang: "en",
    deck: "two-colour",
    practice: null,
    capabilities: ["play", "take", "advance", "undo", "hint", "new_game", "set_language", "set_deck", "set_take_offers",
      "tracker", "review_start", "review_cancel", "review_show", "show_me", "show_step", "show_close"],
    take_offers: "may_pay",
    tracker: null,
    review: null,
    editor: null,
    classroom: null,
    class_student: null,
  };
}

export interface Mounted {
  model: FakeModel;
  el: HTMLElement;
  cleanup: () => void;
  q: <E extends Element = HTMLElement>(selector: string) => E;
  qa: <E extends Element = HTMLElement>(selector: string) => E[];
}

const mounted: Mounted[] = [];

export function mount(traits: Partial<Traits> = {}, model = new FakeModel(traits)): Mounted {
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model: model as unknown as Model, el });
  const m: Mounted = {
    model,
    el,
    cleanup,
    q: <E extends Element = HTMLElement>(selector: string) => {
      const found = el.querySelector<E>(selector);
      if (!found) throw new Error(`no element matches ${selector}`);
      return found;
    },
    qa: <E extends Element = HTMLElement>(selector: string) => Array.from(el.querySelectorAll<E>(selector)),
  };
  mounted.push(m);
  return m;
}

export function unmountAll(): void {
  for (const m of mounted.splice(0)) m.cleanup();
  document.body.innerHTML = "";
}

export function key(target: Element, k: string): KeyboardEvent {
  const ev = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
  target.dispatchEvent(ev);
  return ev;
}
