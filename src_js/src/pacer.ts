// Asks the kernel for a bot's next step `pace` seconds after a view with waiting === "bot".
// One advance per version at most; a new view or a new pace reschedules the pending one.

import type { Message, View } from "./types";

/** While a finished trick rests on the table, the bots wait at least this long after it
 * ended (or `pace`, if longer), unless the person chose no pause at all (pace 0). */
export const TRICK_REST_SECONDS = 0.6;

export class BotPacer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private scheduledFor: number | null = null;
  private scheduledAt = 0;
  private scheduledKey = "";
  private sentFor: number | null = null;

  constructor(private readonly advance: (version: number) => void) {}

  /** `restSince`: when (Date.now()) the trick resting on the table ended, or null. */
  update(view: View | null | undefined, pace: number | null | undefined, restSince: number | null = null): void {
    const chosen = typeof pace === "number" && isFinite(pace) && pace > 0 ? pace : 0;
    // At the person's own chance to take (rule 7) the table waits for Take or Pass.
    if (!view || view.mode === "lesson" || view.waiting !== "bot" || view.is_over || view.take_offer) {
      this.cancel();
      return;
    }
    const version = view.version;
    if (version === this.sentFor) {
      this.cancel();
      return;
    }
    this.sentFor = null; // a different version: the one-per-version guard starts afresh
    const key = `${chosen}|${restSince}`;
    const pending = this.timer !== null && this.scheduledFor === version;
    if (pending && key === this.scheduledKey) return; // same view redrawn: keep the pending step
    // A new pace for the same view keeps the time already waited.
    const at = pending ? this.scheduledAt : Date.now();
    let due = at + chosen * 1000;
    if (restSince !== null && chosen > 0) due = Math.max(due, restSince + Math.max(chosen, TRICK_REST_SECONDS) * 1000);
    this.start(version, key, Math.max(0, due - Date.now()), at);
  }

  private start(version: number, key: string, delay: number, at: number): void {
    this.cancel();
    this.scheduledFor = version;
    this.scheduledKey = key;
    this.scheduledAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.scheduledFor = null;
      if (this.sentFor === version) return;
      this.sentFor = version;
      this.advance(version);
    }, delay);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.scheduledFor = null;
  }
}

// Views of one model on one page share this: the first view whose timer fires asks for
// the bot's step, the others see that it was asked for that version and stay quiet.
const advancedFor = new WeakMap<object, number>();

/** The pacer of one view of `model`: it sends advance, once per version for all the
 * model's views on the page. */
export function modelPacer(model: object, send: (msg: Message) => void): BotPacer {
  return new BotPacer((version) => {
    if (advancedFor.get(model) === version) return;
    advancedFor.set(model, version);
    send({ type: "advance", version });
  });
}

/** A new view came: an advance asked for another version no longer holds the others back. */
export function newViewOf(model: object, view: View | null): void {
  if (view && advancedFor.has(model) && advancedFor.get(model) !== view.version) advancedFor.delete(model);
}
