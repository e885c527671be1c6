import { describe, expect, it } from 'vitest';
import { BASIC_COLOURS, BASIC_COLOUR_LABELS, basicColours, unmappedColourWords } from '../src/index.ts';

describe('basicColours (GMC color → the colour filter’s basic colours)', () => {
  it('reads shade names as their basic colour', () => {
    expect(basicColours('Navy')).toEqual(['blue']);
    expect(basicColours('Off White')).toEqual(['white']);
    expect(basicColours('Heather Grey')).toEqual(['gray']);
    expect(basicColours('Burgundy')).toEqual(['red']);
    expect(basicColours('Olive Green')).toEqual(['green']);
    expect(basicColours('Dark Navy Blue')).toEqual(['blue']);
    expect(basicColours('Rose Gold')).toEqual(['gold', 'pink']);
  });

  it('counts each colour of a multi-colour value (GMC: up to three, separated by /), and multicolour values as such', () => {
    expect(basicColours('Black/White/Red')).toEqual(['black', 'white', 'red']);
    expect(basicColours('White / Navy')).toEqual(['white', 'blue']);
    expect(basicColours('Black & White')).toEqual(['black', 'white']);
    expect(basicColours('Multicolor')).toEqual(['multicolour']);
    expect(basicColours('Multi-Colour')).toEqual(['multicolour']);
    expect(basicColours('multi')).toEqual(['multicolour']);
  });

  it('gives no colour to a value without a colour word', () => {
    expect(basicColours('As shown')).toEqual([]);
    expect(basicColours('')).toEqual([]);
    expect(basicColours('Natural')).toEqual([]);
  });

  it('knows a basic colour for every colour word, and a label for every basic colour', () => {
    expect(unmappedColourWords()).toEqual([]);
    expect(Object.keys(BASIC_COLOUR_LABELS).sort()).toEqual([...BASIC_COLOURS].sort());
  });
});
