// Runs the engine in an Electron utility process and calls it: seq-numbered requests, timeouts, restart after a crash.
import { utilityProcess, type UtilityProcess } from 'electron';
import type { ApiMethod, ApiResult, LanternEvent, LanternEventListener } from '../shared/contract/api';
import { API_METHOD_TABLE } from '../shared/contract/apiMethods';
import type { CallOutcome } from '../shared/contract/bridge';
import { SHUTDOWN_MESSAGE, type EngineRequest, type HostMessage } from '../shared/contract/engine';
import type { WireError } from '../shared/contract/errors';
import { assertNever } from '../shared/assertNever';
import { checkEngineMessage } from './engineMessages';
import { PendingCalls } from './pendingCalls';
import { RestartBudget } from './restartBudget';
import { ENGINE_ENVIRONMENT } from './engineProcess';
import { errorMessage } from '../shared/errorMessage';

const SHUTDOWN_GRACE_MS = 10_000;

export interface EngineClientOptions {
  /** The bundled utility-process entry (out/engine/utilityProcessHost.mjs). */
  hostPath: string;
  /** Packaged resources (bundled embedding models); the engine looks for models/<name> folders there. */
  resourcesDir?: string;
  dataDir: string;
  /** Extra environment for the engine process, read at each start (the decrypted API key). */
  environment?: () => Record<string, string>;
}

/** A forked engine process and when it exits (with its exit code). */
interface Running {
  child: UtilityProcess;
  exited: Promise<number>;
}

type State =
  | { phase: 'starting'; process: Running; ready: Promise<boolean> }
  | { phase: 'ready'; process: Running }
  | { phase: 'restarting'; reason: string }
  | { phase: 'failed'; reason: string }
  | { phase: 'stopped' };

export class EngineClient {
  private state: State = { phase: 'stopped' };
  private readonly pending = new PendingCalls();
  private readonly listeners = new Set<LanternEventListener>();
  private readonly restartBudget = new RestartBudget();
  private dataDir: string;

  constructor(private readonly options: EngineClientOptions) {
    this.dataDir = options.dataDir;
  }

  get currentDataDir(): string {
    return this.dataDir;
  }

  /** Forks the engine process; calls made before it is ready wait for it. */
  start(): void {
    if (this.state.phase === 'starting' || this.state.phase === 'ready') return;
    const resources = this.options.resourcesDir ? ['--resources-dir', this.options.resourcesDir] : [];
    const child = utilityProcess.fork(this.options.hostPath, ['--data-dir', this.dataDir, ...resources], {
      serviceName: 'Lantern engine',
      stdio: 'inherit',
      // The catalog lives in the engine's heap (under 800 bytes a message under Node, less with Electron's compressed
      // pointers; the keyword postings are byte arrays outside it): importing a million messages needs more than V8's
      // default, so the engine gets the most Electron's V8 allows, 4 GB.
      execArgv: ['--max-old-space-size=4096'],
      env: { ...ENGINE_ENVIRONMENT, ...process.env, ...this.options.environment?.() },
    });
    let announceReady: (isReady: boolean) => void = () => undefined;
    const ready = new Promise<boolean>((resolve) => {
      announceReady = resolve;
    });
    const exited = new Promise<number>((resolve) => child.once('exit', resolve));
    const running: Running = { child, exited };
    this.state = { phase: 'starting', process: running, ready };
    child.on('message', (data: unknown) => {
      if (!this.isCurrent(child)) return;
      this.onMessage(running, data, announceReady);
    });
    void exited.then((code) => {
      announceReady(false);
      if (this.isCurrent(child)) this.onUnexpectedExit(code);
    });
  }

  /**
   * Calls the engine with arguments as the window sent them (the engine's router checks them); the outcome is an error
   * value (never a rejection) when the engine refuses the arguments, fails, dies or times out.
   */
  async call<M extends ApiMethod>(method: M, args: unknown[]): Promise<CallOutcome<ApiResult<M>>> {
    const unavailable = this.unavailableError();
    if (unavailable) return { ok: false, error: unavailable };
    const { seq, outcome } = this.pending.start(method, API_METHOD_TABLE[method].timeoutMs);
    void this.send(seq, method, args);
    // The engine answers seq with method's result type; the union over methods cannot be narrowed by seq.
    return outcome as Promise<CallOutcome<ApiResult<M>>>;
  }

  subscribe(listener: LanternEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Restarts the engine on another data folder (the user chose a new one); the UI refreshes on engine-restarted. */
  async switchDataDir(dataDir: string): Promise<void> {
    const reason = `data folder changed to ${dataDir}`;
    // Calls made during the switch wait for the new engine instead of failing.
    await this.stop({ phase: 'restarting', reason });
    this.dataDir = dataDir;
    this.restartBudget.reset();
    this.start();
    if (await this.whenReady()) this.emit({ type: 'engine-restarted', reason });
  }

  /** Restarts the engine on the same data folder (its environment changed); the UI refreshes on engine-restarted. */
  async restart(reason: string): Promise<void> {
    await this.stop({ phase: 'restarting', reason });
    this.restartBudget.reset();
    this.start();
    if (await this.whenReady()) this.emit({ type: 'engine-restarted', reason });
  }

  /** Asks the engine to flush and exit, killing it if it does not exit in time; pending calls fail. */
  async stop(afterwards: Extract<State, { phase: 'stopped' | 'restarting' }> = { phase: 'stopped' }): Promise<void> {
    const running = this.state.phase === 'starting' || this.state.phase === 'ready' ? this.state.process : null;
    this.state = afterwards;
    this.pending.failAll({ code: 'engine-unavailable', message: 'engine client: the engine was stopped before it answered' });
    if (!running) return;
    const within = (ms: number): Promise<boolean> =>
      Promise.race([running.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
    try {
      running.child.postMessage(SHUTDOWN_MESSAGE satisfies HostMessage);
    } catch (error) {
      console.error('engine client: could not ask the engine to shut down', error);
    }
    if (await within(SHUTDOWN_GRACE_MS)) return;
    console.error(`engine client: the engine did not exit within ${SHUTDOWN_GRACE_MS / 1000} s of shutdown; killing it`);
    running.child.kill();
    if (!(await within(2_000))) console.error('engine client: the engine process did not exit after being killed');
  }

  private async send(seq: number, method: ApiMethod, args: unknown[]): Promise<void> {
    const child = await this.readyChild();
    // The call may have timed out or been failed by a crash while it waited for the engine.
    if (!this.pending.isWaiting(seq)) return;
    if (!child) {
      this.pending.fail(seq, this.unavailableError() ?? engineStopped());
      return;
    }
    // Typed as the request it will be once the engine's router has checked its arguments.
    const request = { seq, method, args } as EngineRequest;
    try {
      child.postMessage(request satisfies HostMessage);
    } catch (error) {
      this.pending.fail(seq, {
        code: 'engine-unavailable',
        message: `engine client: could not send ${method} to the engine (${errorMessage(error)})`,
      });
    }
  }

  private async readyChild(): Promise<UtilityProcess | null> {
    // A restart may happen while waiting, so look again after each wait.
    for (;;) {
      const state = this.state;
      switch (state.phase) {
        case 'ready':
          return state.process.child;
        case 'starting':
          await state.ready;
          break;
        case 'restarting':
          await new Promise((resolve) => setTimeout(resolve, 100));
          break;
        case 'failed':
        case 'stopped':
          return null;
        default:
          return assertNever(state, 'engine client state');
      }
    }
  }

  private async whenReady(): Promise<boolean> {
    return (await this.readyChild()) !== null;
  }

  private onMessage(running: Running, data: unknown, announceReady: (isReady: boolean) => void): void {
    const check = checkEngineMessage(data);
    if (!check.ok) {
      console.error(check.problem);
      return;
    }
    const message = check.message;
    switch (message.kind) {
      case 'ready':
        this.state = { phase: 'ready', process: running };
        announceReady(true);
        return;
      case 'result':
      case 'error':
        if (!this.pending.settle(message)) {
          console.warn(`engine client: an answer to call ${message.seq} arrived after the call timed out; ignored`);
        }
        return;
      case 'event':
        this.emit(message.event);
        return;
      default:
        assertNever(message, 'engine message');
    }
  }

  private onUnexpectedExit(code: number): void {
    const waiting = this.pending.waitingMethods();
    const reason = `the engine process exited with code ${code}`;
    console.error(`engine client: ${reason}${waiting.length > 0 ? `; failing ${waiting.join(', ')}` : ''}`);
    this.pending.failAll({
      code: 'engine-unavailable',
      message: `engine client: ${reason} before answering; it is restarting, try again in a moment`,
    });
    const decision = this.restartBudget.recordCrash(Date.now());
    if (!decision.restart) {
      this.state = {
        phase: 'failed',
        reason: `engine client: the engine stopped ${decision.crashes} times within a minute (last exit code ${code}); check that the data folder ${this.dataDir} is readable and writable, see the log, then restart Lantern`,
      };
      console.error(this.state.reason);
      return;
    }
    this.state = { phase: 'restarting', reason };
    setTimeout(() => {
      // A data-folder switch or quit may have taken over meanwhile.
      if (this.state.phase !== 'restarting') return;
      this.start();
      void this.whenReady().then((isReady) => {
        if (isReady) this.emit({ type: 'engine-restarted', reason });
      });
    }, decision.delayMs);
  }

  private unavailableError(): WireError | null {
    if (this.state.phase === 'failed') return { code: 'engine-unavailable', message: this.state.reason };
    if (this.state.phase === 'stopped') return engineStopped();
    return null;
  }

  private isCurrent(child: UtilityProcess): boolean {
    return (this.state.phase === 'starting' || this.state.phase === 'ready') && this.state.process.child === child;
  }

  private emit(event: LanternEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error(`engine client: an event listener failed on ${event.type}`, error);
      }
    }
  }
}

function engineStopped(): WireError {
  return { code: 'engine-unavailable', message: 'engine client: the engine is not running; restart Lantern' };
}
