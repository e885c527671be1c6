/** Test helper: server-sent events of the ShopGeni conversation stream. */
import type { ConversationEvent } from '@b-deals/contracts';

/** Parses a text/event-stream body into its events (WHATWG HTML §9.2: `event:` and `data:` lines, blank-line separated). */
export function parseSse(body: string): ConversationEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)![1]!;
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) } as ConversationEvent;
    });
}
