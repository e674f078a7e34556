import { describe, expect, it } from "vitest";
import { backSvg, cardElement, cardLabel, faceSvg, parseCard } from "../src/cards";

describe("cards", () => {
  it("parses card codes", () => {
    expect(parseCard("10H")).toEqual({ rank: "10", suit: "H" });
    expect(parseCard("AS")).toEqual({ rank: "A", suit: "S" });
    expect(parseCard("TD")).toEqual({ rank: "10", suit: "D" });
    expect(parseCard("1H")).toBeNull();
    expect(parseCard("QX")).toBeNull();
  });

  it("names cards for screen readers", () => {
    expect(cardLabel("10H")).toBe("10 of hearts");
    expect(cardLabel("AS")).toBe("Ace of spades");
    expect(cardLabel("KD")).toBe("King of diamonds");
    expect(cardLabel("QC")).toBe("Queen of clubs");
    expect(cardLabel("JH")).toBe("Jack of hearts");
    expect(cardLabel("2C")).toBe("2 of clubs");
  });

  it("draws red suits red and black suits black", () => {
    expect(faceSvg("2H")).toContain("bh-red");
    expect(faceSvg("9D")).toContain("bh-red");
    expect(faceSvg("2S")).toContain("bh-black");
    expect(faceSvg("KC")).toContain("bh-black");
  });

  it("draws the rank and one pip per spot", () => {
    const svg = faceSvg("7S");
    expect(svg).toContain(">7</text>");
    // 7 pips + 2 corner suits
    expect(svg.match(/<path /g)?.length).toBe(9);
    expect(faceSvg("QH")).toContain("bh-court");
  });

  it("draws a face-down back without any text", () => {
    const back = backSvg();
    expect(back).toContain("bh-back");
    expect(back).not.toContain("<text");
    const el = cardElement(null);
    expect(el.getAttribute("aria-label")).toBe("face-down card");
    expect(el.classList.contains("is-back")).toBe(true);
  });

  it("labels face-up card elements", () => {
    const el = cardElement("10H", "small");
    expect(el.getAttribute("role")).toBe("img");
    expect(el.getAttribute("aria-label")).toBe("10 of hearts");
    expect(el.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });
});
