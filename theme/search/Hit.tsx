// One search result: title, where it sits (page or breadcrumbs) and a snippet, all rendered as text with <mark>.
import type { Segment, SearchHit } from "./types.ts";

export function Marked({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

export function HitBody({ hit }: { hit: SearchHit }) {
  const context = hit.page ?? hit.breadcrumbs.join(" › ");
  return (
    <>
      <span className="search-hit__title">
        <Marked segments={hit.title} />
      </span>
      {context ? <span className="search-hit__context">{context}</span> : null}
      {hit.snippet.length ? (
        <span className="search-hit__snippet">
          <Marked segments={hit.snippet} />
        </span>
      ) : null}
    </>
  );
}
