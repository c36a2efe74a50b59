// The fixed benchmark queries: Lantern syntax, the notmuch/mu equivalent (null when they have none), and the kind.

export interface BenchQuery {
  lantern: string;
  notmuch: string | null;
  mu: string | null;
  kind: 'operator' | 'words' | 'phrase' | 'question';
}

export const BENCH_QUERIES: BenchQuery[] = [
  { lantern: 'from:axboe', notmuch: 'from:axboe', mu: 'from:axboe', kind: 'operator' },
  { lantern: 'from:asml.silence', notmuch: 'from:asml.silence', mu: 'from:asml.silence', kind: 'operator' },
  { lantern: 'subject:sqpoll', notmuch: 'subject:sqpoll', mu: 'subject:sqpoll', kind: 'operator' },
  { lantern: 'subject:liburing', notmuch: 'subject:liburing', mu: 'subject:liburing', kind: 'operator' },
  {
    lantern: 'after:2023-01-01 before:2023-02-01',
    notmuch: 'date:2023-01-01..2023-01-31',
    mu: 'date:20230101..20230131',
    kind: 'operator',
  },
  { lantern: 'from:axboe subject:patch', notmuch: 'from:axboe and subject:patch', mu: 'from:axboe and subject:patch', kind: 'operator' },
  {
    lantern: 'from:axboe -subject:patch',
    notmuch: 'from:axboe and not subject:patch',
    mu: 'from:axboe and not subject:patch',
    kind: 'operator',
  },
  { lantern: 'from:axboe OR from:pavel', notmuch: 'from:axboe or from:pavel', mu: 'from:axboe or from:pavel', kind: 'operator' },
  {
    lantern: 'to:io-uring subject:regression',
    notmuch: 'to:io-uring and subject:regression',
    mu: 'to:io-uring and subject:regression',
    kind: 'operator',
  },
  {
    lantern: 'after:2024-06-01 subject:zcrx',
    notmuch: 'date:2024-06-01.. and subject:zcrx',
    mu: 'date:20240601.. and subject:zcrx',
    kind: 'operator',
  },
  { lantern: 'sqpoll', notmuch: 'sqpoll', mu: 'sqpoll', kind: 'words' },
  { lantern: 'io_uring_register', notmuch: 'io_uring_register', mu: 'io_uring_register', kind: 'words' },
  { lantern: 'liburing', notmuch: 'liburing', mu: 'liburing', kind: 'words' },
  { lantern: 'fixed buffers', notmuch: 'fixed and buffers', mu: 'fixed and buffers', kind: 'words' },
  { lantern: 'zero copy receive', notmuch: 'zero and copy and receive', mu: 'zero and copy and receive', kind: 'words' },
  { lantern: 'kasan use-after-free', notmuch: 'kasan and use-after-free', mu: 'kasan and use-after-free', kind: 'words' },
  { lantern: 'multishot accept', notmuch: 'multishot and accept', mu: 'multishot and accept', kind: 'words' },
  { lantern: 'cancel timeout', notmuch: 'cancel and timeout', mu: 'cancel and timeout', kind: 'words' },
  { lantern: 'registered files', notmuch: 'registered and files', mu: 'registered and files', kind: 'words' },
  { lantern: 'syzbot', notmuch: 'syzbot', mu: 'syzbot', kind: 'words' },
  { lantern: 'splice pipe', notmuch: 'splice and pipe', mu: 'splice and pipe', kind: 'words' },
  { lantern: 'napi busy poll', notmuch: 'napi and busy and poll', mu: 'napi and busy and poll', kind: 'words' },
  { lantern: '"zero copy"', notmuch: '"zero copy"', mu: '"zero copy"', kind: 'phrase' },
  { lantern: '"fixed file"', notmuch: '"fixed file"', mu: '"fixed file"', kind: 'phrase' },
  { lantern: '"use after free"', notmuch: '"use after free"', mu: '"use after free"', kind: 'phrase' },
  { lantern: '"task work"', notmuch: '"task work"', mu: '"task work"', kind: 'phrase' },
  { lantern: 'why does sqpoll use so much cpu', notmuch: 'sqpoll and cpu', mu: 'sqpoll and cpu', kind: 'question' },
  { lantern: 'how do I cancel a pending read', notmuch: 'cancel and read', mu: 'cancel and read', kind: 'question' },
  {
    lantern: 'what did Pavel send about zero copy in 2023',
    notmuch: 'from:pavel and zero and copy and date:2023',
    mu: 'from:pavel and zero and copy and date:2023',
    kind: 'question',
  },
  {
    lantern: 'performance regression after kernel upgrade',
    notmuch: 'performance and regression',
    mu: 'performance and regression',
    kind: 'question',
  },
  { lantern: 'memory leak in the ring teardown', notmuch: 'memory and leak', mu: 'memory and leak', kind: 'question' },
  { lantern: 'networking receive path without copies', notmuch: 'receive and copies', mu: 'receive and copies', kind: 'question' },
];
