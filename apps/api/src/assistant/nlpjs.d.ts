/** Minimal typings of the NLP.js v4 packages ShopGeni uses (they ship none). */
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
    register(name: string, instance: unknown, isSingleton?: boolean): void;
    get(name: string): unknown;
  }
  export function containerBootstrap(settings?: object, mustLoadEnv?: boolean): Promise<Container>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
declare module '@nlpjs/builtin-microsoft' {
  export interface BuiltinEdge {
    start: number;
    end: number;
    len: number;
    accuracy: number;
    sourceText: string;
    utteranceText: string;
    entity: string;
    resolution: { value?: number; unit?: string; subtype?: string; strValue?: string };
  }
  export class BuiltinMicrosoft {
    constructor(settings?: { builtins?: string[] });
    extract(input: { text: string; locale: string }): Promise<{ edges: BuiltinEdge[] }>;
  }
}
declare module '@nlpjs/ner' {
  export const Ner: unknown;
}
