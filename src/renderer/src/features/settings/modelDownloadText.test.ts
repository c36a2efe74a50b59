import { describe, expect, it } from 'vitest';
import { downloadHost, percentDone, problemSentence, progressLine } from './modelDownloadText';

const MB = 1_000_000;

describe('model download words', () => {
  it('names the host a download goes to: the hub by default, else the mirror', () => {
    expect(downloadHost('')).toEqual({ host: 'huggingface.co', baseUrl: 'https://huggingface.co' });
    expect(downloadHost('  http://127.0.0.1:8123/ ')).toEqual({ host: '127.0.0.1:8123', baseUrl: 'http://127.0.0.1:8123' });
    expect(downloadHost('https://hf-mirror.example.org/hub')).toEqual({
      host: 'hf-mirror.example.org',
      baseUrl: 'https://hf-mirror.example.org/hub',
    });
  });

  it('refuses a mirror that is not a web address, in a sentence', () => {
    expect(downloadHost('mirror.local')).toEqual({
      problem: '"mirror.local" is not a web address: write it like https://hf-mirror.example.org',
    });
    expect(downloadHost('ftp://mirror.local')).toEqual({
      problem: '"ftp://mirror.local" is not a web address: a mirror starts with https:// (or http:// on your own network)',
    });
  });

  it('says bytes, rate and time left once there is a rate', () => {
    expect(progressLine({ bytesDone: 0, bytesTotal: 90 * MB, bytesPerSecond: 0, etaSeconds: null })).toBe('0 B of 90 MB');
    expect(progressLine({ bytesDone: 12 * MB, bytesTotal: 90 * MB, bytesPerSecond: 4 * MB, etaSeconds: null })).toBe(
      '12 MB of 90 MB · 4.0 MB/s · about 20 s left',
    );
    // The engine's own estimate wins: it counts the files still to come.
    expect(progressLine({ bytesDone: 12 * MB, bytesTotal: 90 * MB, bytesPerSecond: 4 * MB, etaSeconds: 95 })).toBe(
      '12 MB of 90 MB · 4.0 MB/s · about 1 min 35 s left',
    );
    expect(progressLine({ bytesDone: 3 * MB, bytesTotal: 0, bytesPerSecond: 0, etaSeconds: null })).toBe('3.0 MB');
  });

  it('gives the bar a percentage, none before the size is known', () => {
    const figures = { bytesPerSecond: 0, etaSeconds: null };
    expect(percentDone({ ...figures, bytesDone: 5, bytesTotal: 0 })).toBeNull();
    expect(percentDone({ ...figures, bytesDone: 45, bytesTotal: 90 })).toBe(50);
    expect(percentDone({ ...figures, bytesDone: 95, bytesTotal: 90 })).toBe(100);
  });

  it("turns the engine's reason into a sentence under the row", () => {
    expect(problemSentence('models: the connection to 127.0.0.1:8123 was cut midway; 400 KB are kept')).toBe(
      'The connection to 127.0.0.1:8123 was cut midway; 400 KB are kept.',
    );
    expect(problemSentence('Not enough free disk: 2 GB needed, 1 GB free.')).toBe('Not enough free disk: 2 GB needed, 1 GB free.');
    expect(problemSentence('models: ')).toBe('The model manager did not say what went wrong.');
  });
});
