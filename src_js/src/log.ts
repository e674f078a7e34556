// The game's log, under the table: the kernel sends the whole log with every view.

import "./log.css";
import { h } from "./dom";
import type { Labelled } from "./labels";
import type { View } from "./types";

export interface LogPanel {
  /** The log's title and list (div.bh-log-box). */
  box: HTMLElement;
  labelled: Labelled[];
  update(v: View): void;
}

export function logPanel(): LogPanel {
  // The log scrolls: it is a tab stop so that the keyboard can scroll it too.
  const log = h("ol.bh-log", { "data-testid": "log", tabindex: 0 });
  const title = h("div.bh-log-title");
  let lastKey = "";
  return {
    box: h("div.bh-log-box", {}, title, log),
    labelled: [
      { el: log, key: "log_aria", attr: "aria-label" },
      { el: title, key: "log_title" },
    ],
    update(v: View): void {
      const lines = (Array.isArray(v.log) ? v.log : []).filter((l) => l && typeof l.text === "string");
      const key = JSON.stringify(lines);
      if (key === lastKey) return;
      lastKey = key;
      // The kernel sends the whole log as it now stands: show exactly that.
      log.replaceChildren(...lines.map((l) => h("li", { "data-kind": String(l.kind ?? "") }, l.text)));
      log.scrollTop = log.scrollHeight;
    },
  };
}
