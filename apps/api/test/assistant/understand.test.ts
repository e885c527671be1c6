/** ShopGeni's understanding (issue 18 §2): intents and slots from many phrasings, amounts in cents. */
import { describe, expect, it } from 'vitest';
import { ageGroupOf, emptySlots, mergeSlots, understand } from '../../src/assistant/index.ts';

describe('budget phrasings', () => {
  it.each([
    ['a gift for my dad who likes hiking, under $80', { kind: 'max', min: null, max: 8000 }],
    ['less than 40 dollars', { kind: 'max', min: null, max: 4000 }],
    ['something up to $150 for my wife', { kind: 'max', min: null, max: 15000 }],
    ['christmas gift for a coworker, 25 bucks', { kind: 'max', min: null, max: 2500 }],
    ['my budget is $60', { kind: 'max', min: null, max: 6000 }],
    ['$120 max for my boss', { kind: 'max', min: null, max: 12000 }],
    ['around 100 for my mom', { kind: 'around', min: 8000, max: 12000 }],
    ['about $50', { kind: 'around', min: 4000, max: 6000 }],
    ['between $30 and $60', { kind: 'range', min: 3000, max: 6000 }],
    ['$20-$40 for a friend', { kind: 'range', min: 2000, max: 4000 }],
    ['50', { kind: 'max', min: null, max: 5000 }],
    ['$19.99 or less', { kind: 'max', min: null, max: 1999 }],
  ])('%s', async (q, budget) => {
    expect((await understand(q)).slots.budget).toEqual(budget);
  });

  it('does not read an age or a bare number in a sentence as a budget', async () => {
    const u = await understand('a gift for my 15 year old niece');
    expect(u.slots.budget).toBeNull();
    expect(u.slots.age).toBe(15);
    expect((await understand('present for my 2 kids')).slots.budget).toBeNull();
  });
});

describe('recipients, ages, occasions and more', () => {
  it('reads recipient, relation, gender and age group', async () => {
    const s = (await understand('birthday present for my 8yo son into lego')).slots;
    expect(s).toMatchObject({ recipient: 'son', relation: 'child', gender: 'male', age: 8, ageGroup: 'kid', occasion: 'birthday' });
    expect(s.interests).toContain('lego');
    expect((await understand('for my grandmother')).slots).toMatchObject({
      recipient: 'grandma',
      relation: 'grandparent',
      gender: 'female',
      ageGroup: 'senior',
    });
    expect((await understand('my son is 16 and loves sneakers')).slots).toMatchObject({ age: 16, ageGroup: 'teen' });
    expect((await understand('gift for my teen brother')).slots).toMatchObject({ recipient: 'brother', ageGroup: 'teen', gender: 'male' });
    expect((await understand("gift for a friend's baby")).slots).toMatchObject({ recipient: 'baby', ageGroup: 'baby' });
    expect((await understand('something for a teenage girl')).slots).toMatchObject({ ageGroup: 'teen', gender: 'female' });
  });

  it('reads occasions with and without apostrophes', async () => {
    expect((await understand("mother's day present")).slots.occasion).toBe("mother's day");
    expect((await understand('fathers day gift')).slots.occasion).toBe("father's day");
    expect((await understand('xmas gift')).slots.occasion).toBe('christmas');
    expect((await understand('secret santa, $20')).slots.occasion).toBe('christmas');
  });

  it('reads interests, styles, colours and things to avoid', async () => {
    const s = (await understand('my wife, no perfume, she likes yoga and running, something elegant in blue, $120 max')).slots;
    expect(s.interests).toEqual(expect.arrayContaining(['yoga', 'running']));
    expect(s.avoid).toContain('perfume');
    expect(s.interests).not.toContain('perfume');
    expect(s.style).toContain('elegant');
    expect(s.colours).toContain('blue');
    expect((await understand('a friend who is a huge fan of coffee')).slots.interests).toContain('coffee');
    expect((await understand('a watch for my husband')).slots.interests).toContain('watch');
  });

  it('reads a person named by their hobby as that interest ("a runner", "a big reader")', async () => {
    expect((await understand('my brother is a runner, under $150')).slots.interests).toEqual(['running']);
    expect((await understand('my sister is a big reader')).slots.interests).toEqual(['reading']);
    expect((await understand('gift for my dad, he is an avid golfer')).slots.interests).toEqual(['golf']);
  });

  it('does not take words inside other words ("other" is not "mother")', async () => {
    const s = (await understand('show me other options')).slots;
    expect(s.recipient).toBeNull();
    expect((await understand('this season')).slots.recipient).toBeNull();
    expect((await understand('my girlfriend wants new sneakers')).slots.interests).toEqual(['sneakers']);
  });
});

describe('occasions that say who the gift is for (issue 18 follow-up, point 3)', () => {
  it('reads a baby shower, a new baby or a christening as a gift for a baby', async () => {
    expect((await understand('a baby shower gift under $50')).slots).toMatchObject({
      recipient: 'baby',
      relation: 'child',
      ageGroup: 'baby',
      gender: null,
      occasion: 'baby shower',
      budget: { max: 5000 },
    });
    expect((await understand('a gift for a new baby, under $40')).slots).toMatchObject({ recipient: 'baby', ageGroup: 'baby', occasion: 'new baby' });
    expect((await understand('baptism present, budget $40')).slots).toMatchObject({ recipient: 'baby', ageGroup: 'baby', occasion: 'christening' });
  });

  it('takes a child named with the occasion as the baby, and anyone else as a parent-to-be', async () => {
    expect((await understand('christening gift for my grandson, $45')).slots).toMatchObject({ recipient: 'grandson', gender: 'male', ageGroup: 'baby' });
    expect((await understand('baby shower gift for my sister')).slots).toMatchObject({ recipient: 'baby', gender: null, ageGroup: 'baby' });
    expect((await understand('baby shower gift for a baby girl')).slots).toMatchObject({ recipient: 'baby', gender: 'female' });
  });

  it('makes the child of a first birthday one year old, unless an age is said', async () => {
    expect((await understand('first birthday gift for my nephew, under $30')).slots).toMatchObject({
      recipient: 'nephew',
      age: 1,
      ageGroup: 'baby',
      occasion: 'first birthday',
    });
    expect((await understand('1st birthday present for my daughter')).slots).toMatchObject({ recipient: 'daughter', age: 1 });
  });
});

describe('ages and interests said in passing', () => {
  it('reads "he\'s 6" and keeps 13–17 as teenagers (18 is an adult)', async () => {
    expect((await understand("he's 6")).slots).toMatchObject({ age: 6, ageGroup: 'kid' });
    expect([ageGroupOf(12), ageGroupOf(13), ageGroupOf(17), ageGroupOf(18)]).toEqual(['kid', 'teen', 'teen', 'adult']);
  });

  it('reads interests after "does", "plays", "collects", a possessive, or before "lover" / "fan"', async () => {
    expect((await understand('my sister is a huge tea lover, under $30')).slots.interests).toEqual(['tea']);
    expect((await understand('my girlfriend loves her cats')).slots.interests).toEqual(['cats']);
    expect((await understand('gift for my uncle who does woodworking')).slots.interests).toEqual(['woodworking']);
    expect((await understand('my friend collects vinyl records')).slots.interests).toEqual(['vinyl records']);
    expect((await understand('my sister is a big fan of perfume')).slots.interests).toEqual(['perfume']);
    // A colour said as a liking is the colour, not an interest the catalogue would be asked about.
    expect((await understand('my sister loves green, $40')).slots).toMatchObject({ interests: [], colours: ['green'] });
  });
});

describe('intents of follow-ups', () => {
  it.each([
    ['cheaper', 'refine.cheaper'],
    ['too expensive', 'refine.cheaper'],
    ['something else', 'refine.other'],
    ['none of these', 'refine.other'],
    ['more like the second one', 'refine.more_like'],
    ['for a teenager instead', 'refine.recipient'],
    ['in blue', 'refine.attribute'],
    ['a gift for my dad who likes hiking', 'gift.find'],
  ])('%s → %s', async (q, intent) => {
    expect((await understand(q)).intent).toBe(intent);
  });

  it('reads the position of "more like the second one"', async () => {
    expect((await understand('more like the second one')).position).toBe(2);
    expect((await understand('more like number 3')).position).toBe(3);
  });
});

describe('mergeSlots', () => {
  it('keeps budget and occasion when the recipient changes, and drops the old person', async () => {
    const first = mergeSlots(emptySlots(), (await understand('my wife loves jewelry, $150, for christmas')).slots, 'gift.find');
    const next = mergeSlots(first, (await understand('for a teenager instead')).slots, 'refine.recipient');
    expect(next).toMatchObject({ recipient: 'teenager', ageGroup: 'teen', gender: null, occasion: 'christmas', budget: { max: 15000 }, interests: [] });
  });

  it("drops the last person's colour and style with them when the recipient changes", async () => {
    const first = mergeSlots(emptySlots(), (await understand('a friend who likes yoga, under $60')).slots, 'gift.find');
    const blue = mergeSlots(first, (await understand('in blue')).slots, 'refine.attribute');
    const next = mergeSlots(blue, (await understand('for a teenager instead')).slots, 'refine.recipient');
    expect(next).toMatchObject({ recipient: 'teenager', colours: [], style: [], interests: [], budget: { max: 6000 } });
  });

  it("starts a new request for another person afresh: the last person's interests are theirs (the QA's hiking dad, then a 3-year-old)", async () => {
    const dad = mergeSlots(emptySlots(), (await understand('a gift for my dad who likes hiking, under $80')).slots, 'gift.find');
    expect(dad.interests).toEqual(['hiking']);
    const girl = (await understand('something for a 3 year old girl under $30')).slots;
    expect(mergeSlots(dad, girl, 'gift.find')).toMatchObject({ age: 3, interests: [], budget: { max: 3000 } });
    // Interests said before anyone was named belong to the person named next.
    const hiking = mergeSlots(emptySlots(), (await understand('something for hiking')).slots, 'gift.find');
    expect(hiking.interests).not.toEqual([]);
    expect(mergeSlots(hiking, (await understand('for my dad')).slots, 'gift.find').interests).toEqual(hiking.interests);
  });

  it('gives the same person an age said alone ("he is 8"), keeping who they are and what they like', async () => {
    const first = mergeSlots(emptySlots(), (await understand('gift for my nephew who likes soccer, $40')).slots, 'gift.find');
    const next = mergeSlots(first, (await understand('he is 8')).slots, 'gift.find');
    expect(next).toMatchObject({ recipient: 'nephew', gender: 'male', age: 8, ageGroup: 'kid', interests: ['soccer'], budget: { max: 4000 } });
  });

  it('reads an age said after an answer as the person, never as "cheaper"; price words still ask for cheaper', async () => {
    for (const m of ['he is 8', 'she is 12', "he's 8 years old", 'he is 8 and loves lego']) expect((await understand(m)).intent, m).toBe('gift.find');
    for (const m of ['cheaper', 'too expensive', 'that is over my budget', 'can you find cheaper options'])
      expect((await understand(m)).intent, m).toBe('refine.cheaper');
  });

  it('reads a new person described as a search, not "more like"; a pointer or an ordinal still asks for more like one', async () => {
    expect((await understand('my teenage daughter likes makeup, $40')).intent).toBe('gift.find');
    for (const m of ['more like the second one', 'more like this', 'similar to the first one', 'like the last one'])
      expect((await understand(m)).intent, m).toBe('refine.more_like');
  });

  it('drops an occasion that named the last recipient (a baby shower) when the shopper turns to someone else', async () => {
    const shower = mergeSlots(emptySlots(), (await understand('a baby shower gift under $50')).slots, 'gift.find');
    const mom = mergeSlots(shower, (await understand('my mom loves skincare, under $60')).slots, 'gift.find');
    expect(mom).toMatchObject({ recipient: 'mom', occasion: null, ageGroup: 'adult' });
    const xmas = mergeSlots(emptySlots(), (await understand('christmas gift for my dad, $80')).slots, 'gift.find');
    expect(mergeSlots(xmas, (await understand('for my mom instead')).slots, 'refine.recipient')).toMatchObject({ recipient: 'mom', occasion: 'christmas' });
  });

  it('adds a colour and keeps the rest', async () => {
    const first = mergeSlots(emptySlots(), (await understand('a friend who likes yoga, under $60')).slots, 'gift.find');
    const next = mergeSlots(first, (await understand('in blue')).slots, 'refine.attribute');
    expect(next).toMatchObject({ recipient: 'friend', interests: ['yoga'], colours: ['blue'], budget: { max: 6000 } });
  });
});
