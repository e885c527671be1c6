/**
 * ShopGeni's intent training corpus (issue 18 §2; NLP.js NLU, trained once per process by
 * `understand.ts` `understandingEngine`): a few written utterances per intent of contracts
 * `GIFT_INTENTS` but 'none'. Words that settle an intent whatever the classifier says live in
 * `understand.ts`.
 */
import type { GIFT_INTENTS } from '@b-deals/contracts';

/** Training utterances of the intents (NLP.js NLU). */
export const UTTERANCES: Record<Exclude<(typeof GIFT_INTENTS)[number], 'none'>, string[]> = {
  'gift.find': [
    'a gift for my dad who likes hiking',
    'what should I get my mom for her birthday',
    'present for my girlfriend under 50 dollars',
    'gift ideas for a coworker',
    'I need a birthday present for my 10 year old nephew',
    'something for my wife who loves yoga',
    'looking for a christmas gift for my brother',
    'help me find a gift',
    'gift for a teenager into skateboarding',
    'anniversary gift for my husband around 100',
    'what do I buy a friend who likes makeup',
    'recommend a present for grandma',
  ],
  'refine.cheaper': [
    'cheaper',
    'something cheaper',
    'too expensive',
    'less expensive please',
    'lower price',
    'can you find cheaper options',
    'that is over my budget',
    'more affordable',
  ],
  'refine.other': [
    'something else',
    'show me other options',
    'different ideas',
    'none of these',
    'anything else',
    'more options',
    'other suggestions',
    'not these',
  ],
  'refine.more_like': [
    'more like the second one',
    'more like this',
    'similar to the first one',
    'I like the third one show me more like it',
    'more like number 2',
    'like the last one',
  ],
  'refine.recipient': [
    'for a teenager instead',
    'actually it is for my sister',
    'what about for my dad',
    'make it for a kid',
    'for my mom instead',
    'change it to my boss',
  ],
  'refine.attribute': [
    'in blue',
    'in black please',
    'something more elegant',
    'do you have it in red',
    'more sporty',
    'a more classic style',
    'no perfume',
    'not jewelry',
  ],
  greeting: ['hi', 'hello', 'hey there', 'good morning', 'thanks', 'thank you'],
};
