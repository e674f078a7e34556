// Asks the kernel for a bot's next step `pace` seconds after a view with waiting === "bot".
// One advance per version at most; a new view or a new pace reschedules the pending one.

import type { View } from "./types";

/** How long the last trick's cards take to leave the table (see .bh-flight-card in widget.css). */
export const TRICK_END_SECONDS = 1.2;

export class BotPacer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private scheduledFor: number | null = null;
  private scheduledAt = 0;
  private scheduledPace = -1;
  private sentFor: number | null = null;

  constructor(private readonly advance: (version: number) => void) {}

  update(view: View | null | undefined, pace: number | null | undefined): void {
    const chosen = typeof pace === "number" && isFinite(pace) && pace > 0 ? pace : 0;
    // After a trick ends, give its cards time to fly to the picker or the waste pile,
    // unless the person asked for no pause at all.
    const seconds = view?.last_trick && chosen > 0 ? Math.max(chosen, TRICK_END_SECONDS) : chosen;
    if (!view || view.mode === "lesson" || view.waiting !== "bot" || view.is_over) {
      this.cancel();
      return;
    }
    const version = view.version;
    if (version === this.sentFor) {
      this.cancel();
      return;
    }
    this.sentFor = null; // a different version: the one-per-version guard starts afresh
    if (this.timer !== null && this.scheduledFor === version) {
      if (seconds === this.scheduledPace) return; // same view redrawn: keep the pending step
      // New pace: keep the time already waited.
      const remaining = Math.max(0, this.scheduledAt + seconds * 1000 - Date.now());
      this.start(version, seconds, remaining, this.scheduledAt);
      return;
    }
    this.start(version, seconds, seconds * 1000, Date.now());
  }

  private start(version: number, seconds: number, delay: number, at: number): void {
    this.cancel();
    this.scheduledFor = version;
    this.scheduledPace = seconds;
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
