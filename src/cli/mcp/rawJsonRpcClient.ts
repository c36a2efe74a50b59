// A test client for lantern mcp that writes raw lines, as a broken or hostile one would, and reads each reply line as JSON.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A client that writes raw lines, as a broken or hostile one would, and reads each reply line as JSON. */
export class RawClient {
  private readonly replies: unknown[] = [];
  private waiting: ((reply: unknown) => void) | null = null;
  private pending = '';
  stderr = '';

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.pending += chunk;
      for (let newline = this.pending.indexOf('\n'); newline !== -1; newline = this.pending.indexOf('\n')) {
        const reply = JSON.parse(this.pending.slice(0, newline)) as unknown;
        this.pending = this.pending.slice(newline + 1);
        if (this.waiting) {
          this.waiting(reply);
          this.waiting = null;
        } else this.replies.push(reply);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
  }

  send(line: string | Buffer): void {
    this.child.stdin.write(line);
    this.child.stdin.write('\n');
  }

  /** The next reply; a server that answers nothing fails the test here instead of hanging it. */
  next(): Promise<unknown> {
    if (this.replies.length > 0) return Promise.resolve(this.replies.shift());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reply within 10 s; the server's stderr: ${this.stderr.slice(-500)}; exit code ${this.child.exitCode}`)),
        10_000,
      );
      this.waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  }

  async request(id: number, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    this.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return this.next();
  }
}
