// The image stage's "encoding" of a video file: nothing is re-encoded. The file is published as it is under a
// content-hashed name, described by what probeMp4 reads from it (video.ts says why).
import type { EncodedImage } from "./encode.ts";
import { probeMp4, videoAdvice, videoFileName } from "./video.ts";

export async function encodeVideo(
  bytes: Uint8Array,
  stem: string,
): Promise<{ image: EncodedImage; out: Map<string, Uint8Array> }> {
  const info = probeMp4(bytes);
  const name = videoFileName(stem, info.width, bytes);
  const image: EncodedImage = {
    kind: "video",
    width: info.width,
    height: info.height,
    files: [{ name, width: info.width, type: "video/mp4" }],
    main: name,
    durationMs: info.durationMs,
    advice: videoAdvice(info),
  };
  return { image, out: new Map([[name, bytes]]) };
}
