import { describe, expect, it } from "vitest";
import { youtubeId, youtubeWatchUrl } from "./youtube.ts";

describe("YouTube links of portfolio videos", () => {
  it("reads the id of every usual form of link", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      "https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s",
      "https://m.youtube.com/watch?v=aqz-KE-bpKQ",
      "https://youtu.be/aqz-KE-bpKQ?si=abc",
      "https://www.youtube.com/shorts/aqz-KE-bpKQ",
      "https://www.youtube.com/embed/aqz-KE-bpKQ",
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
      "http://www.youtube.com/live/aqz-KE-bpKQ",
    ]) {
      expect(youtubeId(url), url).toBe("aqz-KE-bpKQ");
      expect(youtubeWatchUrl(url)).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    }
  });

  it("refuses what is not a YouTube video link", () => {
    for (const url of [
      "",
      "not a url",
      "https://www.youtube.com/",
      "https://www.youtube.com/@agency",
      "https://www.youtube.com/watch?v=short",
      "https://evil.example/watch?v=aqz-KE-bpKQ",
      "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
      "javascript:alert(1)//youtu.be/aqz-KE-bpKQ",
      "ftp://youtu.be/aqz-KE-bpKQ",
    ]) {
      expect(youtubeId(url), url).toBeUndefined();
      expect(youtubeWatchUrl(url), url).toBeUndefined();
    }
  });
});
