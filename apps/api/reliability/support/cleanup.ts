/**
 * Everything a test file starts (processes, databases, listeners) registers its teardown here;
 * `run()` (in afterAll) undoes all of it, newest first, even when some steps fail.
 */
export class Cleanup {
  private readonly steps: { name: string; undo: () => Promise<void> | void }[] = [];

  add(name: string, undo: () => Promise<void> | void): void {
    this.steps.push({ name, undo });
  }

  async run(): Promise<void> {
    const problems: string[] = [];
    while (this.steps.length) {
      const step = this.steps.pop()!;
      try {
        await step.undo();
      } catch (error) {
        problems.push(`${step.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (problems.length) throw new Error(`cleanup failed:\n${problems.join('\n')}`);
  }
}
