/** Placeholder replaced below. */
import type { GiftContext } from '@b-deals/contracts';
import type { AssistantDeps, TurnResult } from './assistant.ts';
export interface GiftModel {
  name: string;
  turn(deps: AssistantDeps, message: string, context?: GiftContext): Promise<{ result: TurnResult; reply: string }>;
}
