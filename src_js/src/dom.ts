// A tiny element builder: h("button.bh-btn", { "data-testid": "undo" }, "Undo"), and its
// SVG twin: svg("text", { x: 0, y: 12 }, "40 %").

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tagAndClasses: K | `${K}.${string}`,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const [tag, ...classes] = tagAndClasses.split(".");
  const el = document.createElement(tag as K);
  if (classes.length) el.className = classes.join(" ");
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "hidden" || name === "disabled") {
      (el as unknown as Record<string, boolean>)[name] = Boolean(value);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/** Sets text only when it changed (keeps live regions from re-announcing). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** The element holding focus in el's document or shadow root, if it is inside el. */
export function focusedWithin(el: Element): HTMLElement | null {
  const root = el.getRootNode() as Document | ShadowRoot;
  const active = (root.activeElement ?? null) as HTMLElement | null;
  return active && el.contains(active) ? active : null;
}

/** The element can take focus: on the page, not disabled, not inside a hidden element. */
export function usable(el: HTMLElement): boolean {
  return el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest("[hidden]");
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with its attributes and children (a string is a text node). */
export function svg(tag: string, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}
