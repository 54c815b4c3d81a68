import net from 'node:net';

/**
 * A local IMAP stand-in for the invoice inbox tests (module 410, issue 45): a hand-written IMAP4rev1 server on
 * 127.0.0.1 that speaks what imapflow uses of it — CAPABILITY, LOGIN and AUTHENTICATE PLAIN, NAMESPACE, LIST,
 * SELECT/EXAMINE, UID SEARCH (UNSEEN, ALL), UID FETCH (UID, FLAGS, RFC822.SIZE, BODY.PEEK[]), UID STORE of
 * flags, UID MOVE, NOOP, CLOSE and LOGOUT — over plain TCP. Messages live in memory; every command is recorded
 * (`commands`, passwords blanked). A session idle for 10 s is closed, so a test never hangs on it.
 */

export interface StandInMessage {
  uid: number;
  raw: Buffer;
  flags: Set<string>;
}

export interface ImapStandIn {
  port: number;
  /** The INVOICE_IMAP_URL of this stand-in (user and password URL-encoded), with an optional path and query. */
  url(user?: string, pass?: string, rest?: string): string;
  /** Adds a message to a mailbox (created when missing); answers its UID. */
  add(raw: Buffer | string, mailbox?: string): number;
  mailbox(name?: string): StandInMessage[];
  /** The commands received, in order (without tags; LOGIN/AUTHENTICATE arguments left out). */
  commands: string[];
  close(): Promise<void>;
}

const CAPABILITIES = 'IMAP4rev1 AUTH=PLAIN NAMESPACE MOVE';

/** Splits an IMAP command's arguments: atoms, quoted strings, literals (already inlined) and ( … ) groups. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === ' ') {
      at += 1;
    } else if (char === '"') {
      let value = '';
      at += 1;
      while (at < text.length && text[at] !== '"') {
        if (text[at] === '\\') at += 1;
        value += text[at] ?? '';
        at += 1;
      }
      out.push(value);
      at += 1;
    } else if (char === '(' || char === '[') {
      let depth = 0;
      const start = at;
      do {
        if (text[at] === '(' || text[at] === '[') depth += 1;
        if (text[at] === ')' || text[at] === ']') depth -= 1;
        at += 1;
      } while (depth > 0 && at < text.length);
      out.push(text.slice(start, at));
    } else {
      const end = text.indexOf(' ', at);
      const stop = end < 0 ? text.length : end;
      out.push(text.slice(at, stop));
      at = stop;
    }
  }
  return out;
}

/** The UIDs of a sequence set ('1:3,7', '4:*') among the mailbox's messages. */
function inSet(set: string, messages: StandInMessage[], byUid: boolean): StandInMessage[] {
  const last = messages.length === 0 ? 0 : byUid ? (messages.at(-1)?.uid ?? 0) : messages.length;
  const wanted = (n: number) =>
    set.split(',').some((part) => {
      const [from = '', to = from] = part.split(':');
      const a = from === '*' ? last : Number(from);
      const b = to === '*' ? last : Number(to);
      return n >= Math.min(a, b) && n <= Math.max(a, b);
    });
  return messages.filter((message, index) => wanted(byUid ? message.uid : index + 1));
}

export async function startImapStandIn(options: { user: string; pass: string }): Promise<ImapStandIn> {
  const mailboxes = new Map<string, StandInMessage[]>([['INBOX', []]]);
  let nextUid = 1;
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const box = (name: string) => {
    const key = name.toUpperCase() === 'INBOX' ? 'INBOX' : name;
    let messages = mailboxes.get(key);
    if (!messages) mailboxes.set(key, (messages = []));
    return messages;
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = Buffer.alloc(0);
    /** The command being read: text so far, and bytes of a literal still to come. */
    let pending = '';
    let literal = 0;
    let authenticating: string | null = null;
    let loggedIn = false;
    let selected: string | null = null;
    const send = (line: string | Buffer) => socket.write(typeof line === 'string' ? `${line}\r\n` : line);
    send(`* OK [CAPABILITY ${CAPABILITIES}] Stand-in bereit`);

    const fetchItems = (message: StandInMessage, seq: number, items: string) => {
      const parts: (string | Buffer)[] = [`* ${seq} FETCH (UID ${message.uid}`];
      const wants = items.toUpperCase();
      if (wants.includes('FLAGS')) parts.push(` FLAGS (${[...message.flags].join(' ')})`);
      if (wants.includes('RFC822.SIZE')) parts.push(` RFC822.SIZE ${message.raw.length}`);
      if (wants.includes('BODY.PEEK[HEADER]')) {
        const end = message.raw.indexOf('\r\n\r\n');
        const header = end < 0 ? message.raw : message.raw.subarray(0, end + 4);
        parts.push(` BODY[HEADER] {${header.length}}\r\n`, header);
      }
      if (wants.includes('BODY.PEEK[]') || wants.includes('BODY[]')) {
        parts.push(` BODY[] {${message.raw.length}}\r\n`, message.raw);
        if (!wants.includes('PEEK')) message.flags.add('\\Seen');
      }
      parts.push(')\r\n');
      send(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part))));
    };

    const run = (line: string) => {
      if (authenticating !== null) {
        const tag = authenticating;
        authenticating = null;
        return login(tag, Buffer.from(line.trim(), 'base64').toString('utf8').split('\0').slice(1));
      }
      const [tag = '*', rawCommand = '', ...rest] = tokens(line);
      let command = rawCommand.toUpperCase();
      let args = rest;
      let byUid = false;
      if (command === 'UID') {
        byUid = true;
        command = (args[0] ?? '').toUpperCase();
        args = args.slice(1);
      }
      const secret = command === 'LOGIN' || command === 'AUTHENTICATE';
      commands.push(secret ? command : `${byUid ? 'UID ' : ''}${command} ${args.join(' ')}`.trim());
      const messages = selected === null ? [] : box(selected);
      switch (command) {
        case 'CAPABILITY':
          send(`* CAPABILITY ${CAPABILITIES}`);
          return send(`${tag} OK CAPABILITY completed`);
        case 'NOOP':
        case 'CLOSE':
        case 'ENABLE':
          if (command === 'CLOSE') selected = null;
          return send(`${tag} OK ${command} completed`);
        case 'LOGOUT':
          send('* BYE Auf Wiedersehen');
          send(`${tag} OK LOGOUT completed`);
          return socket.end();
        case 'LOGIN':
          return login(tag, args);
        case 'AUTHENTICATE':
          if ((args[0] ?? '').toUpperCase() !== 'PLAIN') return send(`${tag} NO Unsupported mechanism`);
          if (args[1]) return run(args[1]);
          authenticating = tag;
          return send('+ ');
      }
      if (!loggedIn) return send(`${tag} BAD Not authenticated`);
      switch (command) {
        case 'NAMESPACE':
          send('* NAMESPACE (("" "/")) NIL NIL');
          return send(`${tag} OK NAMESPACE completed`);
        case 'LIST':
        case 'LSUB': {
          const pattern = args[1] ?? '';
          if (pattern === '') send(`* ${command} (\\Noselect) "/" ""`);
          for (const name of mailboxes.keys()) {
            if (pattern === '*' || pattern === '%' || pattern === name) send(`* ${command} () "/" "${name}"`);
          }
          return send(`${tag} OK ${command} completed`);
        }
        case 'SELECT':
        case 'EXAMINE': {
          const name = args[0] ?? '';
          const key = name.toUpperCase() === 'INBOX' ? 'INBOX' : name;
          if (!mailboxes.has(key)) return send(`${tag} NO Mailbox doesn't exist: ${name}`);
          selected = key;
          const inside = box(key);
          send('* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)');
          send(`* ${inside.length} EXISTS`);
          send('* 0 RECENT');
          send('* OK [UIDVALIDITY 1] UIDs valid');
          send(`* OK [UIDNEXT ${nextUid}] Predicted next UID`);
          return send(`${tag} OK [${command === 'SELECT' ? 'READ-WRITE' : 'READ-ONLY'}] ${command} completed`);
        }
      }
      if (selected === null) return send(`${tag} BAD No mailbox selected`);
      switch (command) {
        case 'SEARCH': {
          const query = args.join(' ').toUpperCase();
          const found = messages
            .map((message, index) => ({ message, seq: index + 1 }))
            .filter(({ message }) => !query.includes('UNSEEN') || !message.flags.has('\\Seen'));
          send(`* SEARCH${found.map(({ message, seq }) => ` ${byUid ? message.uid : seq}`).join('')}`);
          return send(`${tag} OK SEARCH completed`);
        }
        case 'FETCH': {
          for (const message of inSet(args[0] ?? '', messages, byUid))
            fetchItems(message, messages.indexOf(message) + 1, args.slice(1).join(' '));
          return send(`${tag} OK FETCH completed`);
        }
        case 'STORE': {
          const [set = '', mode = '', list = ''] = args;
          const flags = list.replace(/[()]/g, '').split(' ').filter(Boolean);
          for (const message of inSet(set, messages, byUid)) {
            const upper = mode.toUpperCase();
            if (upper.startsWith('+')) flags.forEach((flag) => message.flags.add(flag));
            else if (upper.startsWith('-')) flags.forEach((flag) => message.flags.delete(flag));
            else message.flags = new Set(flags);
            if (!upper.includes('SILENT')) fetchItems(message, messages.indexOf(message) + 1, 'FLAGS');
          }
          return send(`${tag} OK STORE completed`);
        }
        case 'MOVE': {
          const [set = '', target = ''] = args;
          const key = target.toUpperCase() === 'INBOX' ? 'INBOX' : target;
          if (!mailboxes.has(key)) return send(`${tag} NO [TRYCREATE] Mailbox doesn't exist: ${target}`);
          const moving = inSet(set, messages, byUid);
          for (const message of moving) {
            const seq = messages.indexOf(message) + 1;
            messages.splice(seq - 1, 1);
            box(key).push({ ...message, uid: nextUid++ });
            send(`* ${seq} EXPUNGE`);
          }
          return send(`${tag} OK MOVE completed`);
        }
      }
      return send(`${tag} BAD Unknown command ${command}`);
    };

    const login = (tag: string, [user, pass]: string[]) => {
      if (user === options.user && pass === options.pass) {
        loggedIn = true;
        return send(`${tag} OK [CAPABILITY ${CAPABILITIES}] Logged in`);
      }
      return send(`${tag} NO [AUTHENTICATIONFAILED] Invalid credentials`);
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (literal > 0) {
          if (buffer.length < literal) return;
          pending += `"${buffer
            .subarray(0, literal)
            .toString('utf8')
            .replace(/(["\\])/g, '\\$1')}"`;
          buffer = buffer.subarray(literal);
          literal = 0;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = pending + buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        const announced = /\{(\d+)(\+?)\}$/.exec(line);
        if (announced) {
          pending = line.slice(0, announced.index);
          literal = Number(announced[1]);
          if (announced[2] !== '+') send('+ Ready');
          continue;
        }
        pending = '';
        run(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (user = options.user, pass = options.pass, rest = '/INBOX') =>
      `imap://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}${rest}`,
    add(raw, mailbox = 'INBOX') {
      const uid = nextUid++;
      box(mailbox).push({ uid, raw: Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8'), flags: new Set() });
      return uid;
    },
    mailbox: (name = 'INBOX') => box(name),
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
