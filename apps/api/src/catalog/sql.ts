/** A tiny builder for parameterised SQL fragments ($1, $2 …) shared by the catalogue queries. */
export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
