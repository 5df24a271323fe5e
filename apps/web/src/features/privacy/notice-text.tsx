/** One block of a notice's text, with an id of its own (its place in the text, a stable key). */
type Block =
  | { id: string; kind: 'heading' | 'paragraph'; text: string }
  | { id: string; kind: 'list'; items: { id: string; text: string }[] };

/** Reads the notice's plain text line by line: `## ` a heading, `- ` an item of a list; blank lines part paragraphs. */
export function readNoticeBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { id: string; text: string }[] = [];
  let line = 0;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ id: `p${line}`, kind: 'paragraph', text: paragraph.join(' ') });
    if (list.length > 0) blocks.push({ id: `l${line}`, kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of text.split('\n')) {
    line += 1;
    const content = raw.trim();
    if (content === '') flush();
    else if (content.startsWith('## ')) {
      flush();
      blocks.push({ id: `h${line}`, kind: 'heading', text: content.slice(3) });
    } else if (content.startsWith('- ')) {
      if (paragraph.length > 0) flush();
      list.push({ id: `i${line}`, text: content.slice(2) });
    } else {
      if (list.length > 0) flush();
      paragraph.push(content);
    }
  }
  flush();
  return blocks;
}

/** A privacy notice as its firm wrote it: headings, lists and paragraphs, never markup it typed. */
export function NoticeText({ text, headingLevel = 'h2' }: { text: string; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <div className="notice-text">
      {readNoticeBlocks(text).map((block) => {
        if (block.kind === 'heading')
          return (
            <Heading key={block.id} className="h6 mt-3">
              {block.text}
            </Heading>
          );
        if (block.kind === 'list')
          return (
            <ul key={block.id}>
              {block.items.map((item) => (
                <li key={item.id}>{item.text}</li>
              ))}
            </ul>
          );
        return <p key={block.id}>{block.text}</p>;
      })}
    </div>
  );
}
