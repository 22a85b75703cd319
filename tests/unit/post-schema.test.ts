import { describe, expect, it } from "vitest";
import { postSchema } from "~/posts/post-schema.ts";

const valid = { title: "A title", content: "Some words.", coverImageId: "abc123" };
const errorsOf = (input: Record<string, unknown>) => {
  const result = postSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the post form's rules", () => {
  it("accepts a valid post", () => {
    expect(postSchema.parse(valid)).toEqual({
      ...valid,
      coverAlt: "",
      tags: [],
      publishAt: null,
      intent: "publish",
    });
  });

  it.each([
    [{ ...valid, title: undefined }, "Title is required"],
    [{ ...valid, title: "" }, "Title is required"],
    [{ ...valid, title: " \t\n " }, "Title is required"],
    [{ ...valid, title: "x".repeat(201) }, "Title must not exceed 200 characters"],
    [{ ...valid, content: undefined }, "Content is required"],
    [{ ...valid, content: "   \n  " }, "Content is required"],
    [{ ...valid, content: "x".repeat(3001) }, "Content must not exceed 3000 characters"],
    [{ ...valid, coverImageId: undefined }, "Cover image is required"],
    [{ ...valid, coverImageId: "" }, "Cover image is required"],
    [{ ...valid, title: 42 }, "Title is required"],
  ])("%o → %s", (input, message) => {
    expect(errorsOf(input)).toEqual([message]);
  });

  it("keeps a draft with a title alone; publishing it needs the rest, with the same messages", () => {
    expect(postSchema.parse({ title: "An idea", intent: "draft" })).toMatchObject({
      title: "An idea",
      content: "",
      coverImageId: null,
      intent: "draft",
    });
    expect(errorsOf({ title: " ", intent: "draft" })).toEqual(["Title is required"]);
    expect(errorsOf({ title: "An idea", content: "x".repeat(3001), intent: "draft" })).toEqual([
      "Content must not exceed 3000 characters",
    ]);
    expect(errorsOf({ title: "An idea" })).toEqual(["Content is required", "Cover image is required"]);
    expect(errorsOf({ content: "Words." })).toEqual(["Title is required", "Cover image is required"]);
  });

  it("accepts the limits exactly: 200-character title, 3000-character content", () => {
    expect(errorsOf({ ...valid, title: "x".repeat(200), content: "y".repeat(3000) })).toEqual([]);
  });

  it("counts an emoji as one character, as a reader does", () => {
    expect(errorsOf({ ...valid, title: "🌳".repeat(200), content: "🏛️".repeat(1500) })).toEqual([]);
    expect(errorsOf({ ...valid, content: "🌳".repeat(3001) })).toEqual([
      "Content must not exceed 3000 characters",
    ]);
  });

  it("measures the title after trimming", () => {
    expect(postSchema.parse({ ...valid, title: `  ${"x".repeat(200)}  ` }).title).toHaveLength(200);
  });

  it("counts a Windows line end as one character", () => {
    const content = "a\r\n".repeat(1000);
    expect(postSchema.parse({ ...valid, content }).content).toBe("a\n".repeat(1000));
  });

  it("drops control characters such as NUL, and folds whitespace in titles", () => {
    const parsed = postSchema.parse({
      ...valid,
      title: "Hello\u0000\u0007 \n world",
      content: "a\u0000b\tc\u001bd",
    });
    expect(parsed.title).toBe("Hello world");
    expect(parsed.content).toBe("ab\tcd");
  });
});
