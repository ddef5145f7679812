/**
 * The bare baseline of `npm run bench`: plain node:http and the pg driver, no framework. It
 * answers the same URLs as FACT for the benchmark's scenarios, checks the same signed session
 * cookie, runs the same SQL statements FACT runs for each page or action (same tables, indexes,
 * filters, keyset order, transactions), and writes equivalent HTML with string templates (the
 * shell, the page's content, and the page's data as JSON for hydration, as a server-rendered
 * app must ship). It is the practical upper limit of this stack on this machine.
 *
 *   DATABASE_URL=… SESSION_SECRET=… PORT=… node --import tsx scripts/bench/baseline-server.ts
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { pageStatement, whereFor } from '../../adapters/persistence/search/coach-search';
import { createSearchTotals } from '../../adapters/persistence/search/search-totals';
import { filtersFromSearchParams, parseCursor } from '../../domain/search/coach-search';

const DATABASE_URL = process.env.DATABASE_URL ?? '';
const SECRET = process.env.SESSION_SECRET ?? '';
const PORT = Number(process.env.PORT ?? 0);
if (!DATABASE_URL || SECRET.length < 32) throw new Error('baseline: DATABASE_URL and SESSION_SECRET are required');

// Same pool size and UTC session as FACT's ORM.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, options: '-c TimeZone=UTC' });

// --- session --------------------------------------------------------------------------------

interface SessionUser {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  role: string;
  user_type: string;
}

function sign(value: string): string {
  return createHmac('sha256', SECRET).update(value).digest('base64').replace(/=+$/, '');
}

/** The `fact_session` cookie's data when its signature is good (Remix's cookie format). */
function sessionFrom(header: string | undefined): { userId: string; sessionVersion: number } | null {
  if (!header) return null;
  const at = header.indexOf('fact_session=');
  if (at < 0) return null;
  const end = header.indexOf(';', at);
  const raw = decodeURIComponent(header.slice(at + 13, end < 0 ? undefined : end));
  const dot = raw.lastIndexOf('.');
  if (dot < 0) return null;
  const value = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(sign(value));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(decodeURIComponent(escape(atob(value)))) as { userId?: unknown; sessionVersion?: unknown; issuedAt?: unknown };
    if (typeof data.issuedAt !== 'number' || Date.now() - data.issuedAt > 30 * 86_400_000) return null;
    return typeof data.userId === 'string' && typeof data.sessionVersion === 'number' ? { userId: data.userId, sessionVersion: data.sessionVersion } : null;
  } catch {
    return null;
  }
}

// FACT's users.findById selects every column of the user; so does this.
const USER_SQL = `select id, email, email_verified_at, password_hash, google_id, full_name, phone, bio, avatar_url, location_address, role, user_type,
  is_active, deactivated_at, deactivation_reason, deactivated_by, erased_at, session_version, preferred_coaching_types, preferred_session_times,
  video_clip_1, video_clip_2, video_clip_3, created_at, updated_at, version from users where id = $1`;

async function currentUser(req: http.IncomingMessage): Promise<SessionUser | null> {
  const session = sessionFrom(req.headers.cookie);
  if (!session) return null;
  const { rows } = await pool.query(USER_SQL, [session.userId]);
  const u = rows[0] as (SessionUser & { is_active: boolean; erased_at: Date | null; session_version: number; email_verified_at: Date | null }) | undefined;
  if (!u || !u.is_active || u.erased_at !== null || u.session_version !== session.sessionVersion) return null;
  return u;
}

// --- html -----------------------------------------------------------------------------------

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (v: string | number | null | undefined) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]!);
const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const when = (d: Date | string) => london.format(new Date(d));
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const SERVICE_LABELS: Record<string, string> = {
  striker: 'Striker & Finishing',
  midfield: 'Midfield Play',
  defense: 'Defensive Skills',
  goalkeeping: 'Goalkeeping',
  fitness_conditioning: 'Fitness & Conditioning',
  tactical_analysis: 'Tactical Analysis',
};
const CLIENT_MENU = [
  ['FindCoaches', 'Find Coaches'],
  ['MyBookings', 'My Bookings'],
  ['Messages', 'Messages'],
  ['UserProfile', 'My Profile'],
];
const COACH_MENU = [
  ['CoachDashboard', 'Dashboard'],
  ['MyBookings', 'My Bookings'],
  ['Availability', 'Availability'],
  ['Messages', 'Messages'],
  ['CoachProfile', 'My Profile'],
];
const ADMIN_MENU = [
  ['AdminDashboard', 'Dashboard'],
  ['AdminUsers', 'Users'],
  ['AdminBookings', 'Bookings'],
  ['AdminPayments', 'Payments'],
  ['Messages', 'Messages'],
];

// The markup below mirrors FACT's (same elements, classes and icons), so the two answers weigh
// about the same and the comparison measures the server, not the page design.
const LOGO = (size: string) =>
  `<svg viewBox="0 0 64 64" class="${size}" aria-hidden="true"><rect width="64" height="64" rx="14" class="fill-pitch-600"></rect><circle cx="32" cy="32" r="18" fill="#fff"></circle><path d="M32 20l8 6-3 10h-10l-3-10z" class="fill-slate-900"></path></svg>`;
const ICONS: Record<string, string> = {
  FindCoaches: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  MyBookings: 'M5 5h14v15H5zM5 10h14M9 3v4M15 3v4',
  Messages: 'M4 5h16v11H8l-4 4z',
  UserProfile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c0-4 4-6 8-6s8 2 8 6',
};
const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
const PRIMARY =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-pitch-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-pitch-700 disabled:cursor-not-allowed disabled:opacity-50';
const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-pitch-600 focus:outline-none focus:ring-2 focus:ring-pitch-600/20 disabled:bg-slate-100';
const PRELOADS = Array.from({ length: 28 }, (_, i) => `<link rel="modulepreload" href="/build/_shared/chunk-${String(i).padStart(8, 'X')}.js"/>`).join('');

function document(title: string, body: string, data: unknown): string {
  return `<!DOCTYPE html><html lang="en-GB" class="h-full"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${esc(title)}</title><link rel="stylesheet" href="/build/_assets/tailwind.css"/><link rel="icon" href="/favicon.png" type="image/png" sizes="32x32"/></head><body class="min-h-full bg-slate-50 font-sans antialiased">${body}<section aria-label="Notifications" aria-live="polite" class="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"></section><script>window.__DATA = ${json(data)};</script>${PRELOADS}<script type="module" src="/build/entry.client.js"></script></body></html>`;
}

function sidebar(user: SessionUser, page: string, menu: string[][]): string {
  const name = user.full_name ?? 'User';
  const items = menu
    .map(([href, label]) => {
      const current = href === page;
      return `<li><a data-discover="true"${current ? ' aria-current="page"' : ''} class="relative flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors px-3 ${current ? 'bg-pitch-50 text-pitch-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}" href="/${href}"><svg viewBox="0 0 24 24" class="h-5 w-5 shrink-0 fill-none stroke-current" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round" aria-hidden="true"><path d="${ICONS[href!] ?? ICONS.Messages}"></path></svg><span class="">${esc(label)}</span></a></li>`;
    })
    .join('');
  return `<div class="flex h-full flex-col"><div class="flex items-center gap-3 border-b border-slate-200 py-4 px-4">${LOGO('h-10 w-10')}<div class="min-w-0 leading-tight"><p class="text-lg font-extrabold tracking-tight text-slate-900">FACT</p><p class="text-xs text-slate-500">Football Academy Coaching &amp; Training</p></div></div><nav aria-label="Main" class="flex-1 overflow-y-auto py-4 px-3"><ul class="flex flex-col gap-1">${items}</ul></nav><div class="border-t border-slate-200 py-3 px-3"><div class="flex items-center gap-3 "><span aria-hidden="true" class="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-pitch-600 text-sm font-bold text-white">${esc(name.charAt(0).toUpperCase())}</span><div class="min-w-0 flex-1"><p class="truncate text-sm font-semibold text-slate-900">${esc(name)}</p><div class="mt-1 flex flex-wrap gap-1"><span class="rounded-full px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide bg-pitch-100 text-pitch-800">${esc(user.user_type)}</span><span class="rounded-full px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide bg-slate-100 text-slate-700">${esc(user.role)}</span></div></div></div></div></div>`;
}

function shell(user: SessionUser, page: string, content: string): string {
  const menu = user.role === 'admin' ? ADMIN_MENU : user.user_type === 'coach' ? COACH_MENU : CLIENT_MENU;
  const side = sidebar(user, page, menu);
  return `<div class="flex min-h-screen bg-slate-50"><aside aria-label="Sidebar" data-state="expanded" class="sticky top-0 hidden h-screen shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block w-64">${side}</aside><div class="fixed inset-0 z-50 md:hidden pointer-events-none invisible delay-200" aria-hidden="true"><div class="absolute inset-0 bg-slate-900/50 transition-opacity opacity-0"></div><div id="mobile-sidebar" role="dialog" aria-modal="true" aria-label="Menu" class="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl transition-transform -translate-x-full">${side}</div></div><div class="flex min-w-0 flex-1 flex-col"><header class="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-5"><button type="button" aria-label="Toggle sidebar" aria-expanded="false" aria-controls="mobile-sidebar" class="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"><svg viewBox="0 0 24 24" class="h-5 w-5 fill-none stroke-current" stroke-width="2" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"></path></svg></button><a class="flex items-center gap-2 rounded-md" aria-label="FACT home" data-discover="true" href="/${menu[0]![0]}">${LOGO('h-8 w-8')}<span class="text-base font-extrabold tracking-tight text-slate-900 md:hidden">FACT</span></a><div class="flex-1"></div><form method="post" action="/auth/logout" data-discover="true"><button type="submit" class="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"><svg viewBox="0 0 24 24" class="h-4 w-4 fill-none stroke-current" stroke-width="2" aria-hidden="true"><path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10"></path></svg>Logout</button></form></header><main id="main" class="flex-1 px-4 py-6 sm:px-6 lg:px-8">${content}</main><footer class="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600 sm:px-6"><div class="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"><p>© ${new Date().getUTCFullYear()} FACT. All rights reserved.</p><p class="text-slate-500">We&#x27;re constantly improving! Some features may be temporarily unavailable during updates...</p><nav aria-label="Legal" class="flex gap-4"><a class="hover:text-pitch-700 hover:underline" data-discover="true" href="/PrivacyPolicy">Privacy</a><a class="hover:text-pitch-700 hover:underline" data-discover="true" href="/Terms">Terms</a></nav></div></footer></div></div>`;
}

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3 6.1 20.5l1.3-6.5L2.5 9.4l6.6-.8z';
function stars(rating: number, id: number): string {
  let out = '';
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  for (let i = 0; i < 5; i++) {
    const isHalf = i === full && half;
    const fill = i < full ? '#f59e0b' : isHalf ? `url(#half-star-${id})` : '#e2e8f0';
    out += `<svg viewBox="0 0 24 24" class="h-4 w-4" aria-hidden="true">${isHalf ? `<defs><linearGradient id="half-star-${id}"><stop offset="50%" stop-color="#f59e0b"></stop><stop offset="50%" stop-color="#e2e8f0"></stop></linearGradient></defs>` : ''}<path d="${STAR_PATH}" fill="${fill}"></path></svg>`;
  }
  return `<span class="inline-flex items-center" role="img" aria-label="Rated ${rating.toFixed(1)} out of 5">${out}</span>`;
}

// --- pages ----------------------------------------------------------------------------------

const SERVICES = Object.keys(SERVICE_LABELS);
const PRICE: Record<string, [number, number | null]> = { '0-30': [0, 3000], '30-60': [3000, 6000], '60-100': [6000, 10000], '100+': [10000, null] };
const textArray = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' && v !== '{}' ? v.replace(/^\{|\}$/g, '').split(',') : []);

const totals = createSearchTotals();

/** MikroORM's `?` placeholders as pg's `$1, $2, …` (the statements have no other question marks). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function findCoaches(url: URL, user: SessionUser): Promise<string> {
  // FACT's own statement (decision 018's search_text copy, the keyset's row comparison), built by
  // the very functions FACT uses: the ratio measures the server stack, not a different query.
  const filters = filtersFromSearchParams(url.searchParams);
  const q = filters.text ?? '';
  const location = filters.location ?? '';
  const spec = filters.specialisation ?? '';
  const band = filters.priceBand ? PRICE[filters.priceBand] : undefined;
  const where = whereFor(filters);
  const cursor = parseCursor(url.searchParams.get('cursor'));
  const page = pageStatement(where, cursor, 21);
  const rows = (await pool.query(numbered(page.sql), page.params)).rows;
  const coaches = rows.slice(0, 20);
  let total = coaches.length;
  if (cursor || rows.length > 20) {
    // The same memory of totals per filters as FACT's production server (plain code, no framework).
    const key = `${where.sql}\u0000${JSON.stringify(where.params)}`;
    const countNow = async () => Number((await pool.query(numbered(`select count(*) as n from coach_profiles cp join users u on u.id = cp.user_id where ${where.sql}`), where.params)).rows[0].n);
    total = await totals.remember(key, countNow);
  }
  const last = coaches.at(-1);
  const next = rows.length > 20 && last ? `${Number(last.rating).toFixed(1)}_${last.total_sessions}_${last.id}` : null;
  const cards = coaches
    .map((c, i) => {
      const services = textArray(c.services_offered).slice(0, 3);
      const name = esc(c.full_name);
      const rating = Number(c.rating);
      return `<li><article class="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="${name}"><div class="flex items-start gap-3"><div aria-hidden="true" class="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-lg font-bold text-pitch-800">${esc((c.full_name ?? 'C').charAt(0))}</div><div class="min-w-0 flex-1"><div class="flex flex-wrap items-center gap-x-2 gap-y-1"><h3 class="truncate text-base font-semibold text-slate-900">${name}</h3>${c.is_verified ? '<span class="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700 ring-1 ring-sky-200"><svg viewBox="0 0 24 24" class="h-3.5 w-3.5 fill-none stroke-current" stroke-width="2.5" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"></path></svg>Verified</span>' : ''}</div><div class="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">${stars(rating, i)}<span class="font-medium text-slate-800">${rating.toFixed(1)}</span><span aria-hidden="true">·</span><span>${c.total_sessions} sessions</span></div></div></div><p class="mt-3 flex items-center gap-1.5 text-sm text-slate-600"><svg viewBox="0 0 24 24" class="h-4 w-4 shrink-0 fill-none stroke-current" stroke-width="2" aria-hidden="true"><path d="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21z"></path><circle cx="12" cy="9.5" r="2.5"></circle></svg><span class="truncate">${esc(c.location_address)}</span></p><ul class="mt-3 flex flex-wrap gap-1.5" aria-label="Services">${services.map((sv) => `<li class="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">${esc(SERVICE_LABELS[sv] ?? sv)}</li>`).join('')}</ul><p class="mt-3 line-clamp-3 text-sm text-slate-600">${esc(c.bio)}</p><div class="mt-auto pt-4"><p class="text-slate-900"><span class="text-2xl font-bold">£${Math.round(c.hourly_rate_pence / 100)}</span> <span class="text-sm text-slate-500">per session</span></p><div class="mt-3 grid grid-cols-2 gap-2"><a class="${BUTTON}" aria-label="View profile of ${name}" data-discover="true" href="/CoachProfile?userId=${c.id}">View Profile</a>${c.id === user.id ? '' : `<button type="button" class="${PRIMARY}" aria-label="Book ${name}">Book</button>`}</div></div></article></li>`;
    })
    .join('');
  const options = (values: string[], labels: (v: string) => string, chosen: string) =>
    values.map((v) => `<option value="${esc(v)}"${v === chosen ? ' selected' : ''}>${esc(labels(v))}</option>`).join('');
  const active = [q, spec && SERVICES.includes(spec) ? spec : '', band ? 'p' : '', location].filter(Boolean).length;
  const content = `<div class="mx-auto w-full max-w-6xl"><header class="mb-6"><h1 class="text-2xl font-bold text-slate-900 sm:text-3xl">Find a Coach</h1><p class="mt-1 text-slate-600">Browse football coaches near you and book a one-to-one session.</p></header><form method="get" action="/FindCoaches" role="search" class="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-discover="true"><div class="flex gap-2"><label class="relative flex-1"><span class="sr-only">Search coaches</span><svg viewBox="0 0 24 24" class="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 fill-none stroke-slate-400" stroke-width="2" aria-hidden="true"><circle cx="11" cy="11" r="7"></circle><path d="M20 20l-3.5-3.5"></path></svg><input type="search" name="q" placeholder="Search by name, bio or location" class="${INPUT} pl-9" value="${esc(q)}"/></label><button type="submit" class="${PRIMARY}">Search</button></div><div class="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3"><label><span class="sr-only">Specialization</span><select name="specialization" class="${INPUT}" aria-label="Specialization"><option value=""${spec ? '' : ' selected=""'}>All specializations</option>${options(SERVICES, (v) => SERVICE_LABELS[v]!, spec)}</select></label><label><span class="sr-only">Price</span><select name="price" class="${INPUT}" aria-label="Price"><option value=""${band ? '' : ' selected=""'}>Any price</option>${options(Object.keys(PRICE), (v) => `£${v}`, url.searchParams.get('price') ?? '')}</select></label><label><span class="sr-only">Location</span><input name="location" placeholder="Location, e.g. Manchester" class="${INPUT}" aria-label="Location" value="${esc(location)}"/></label></div><p class="mt-3 text-xs text-slate-500">${active === 0 ? 'No filters applied' : `${active} active ${active === 1 ? 'filter' : 'filters'}`}</p></form><div class="mb-4 flex flex-wrap items-center justify-between gap-2" aria-live="polite"><p class="text-sm font-medium text-slate-700">Found ${total} ${total === 1 ? 'coach' : 'coaches'}</p></div><ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${cards}</ul>${next ? `<div class="mt-6 flex justify-center"><button type="button" class="${BUTTON}">Load more</button></div>` : ''}</div>`;
  return document('Find Coaches — FACT', shell(user, 'FindCoaches', content), { coaches, total, nextCursor: next });
}

const BOOKING_SELECT = `select b.*, cu.full_name as x_client_name, co.full_name as x_coach_name,
  exists (select 1 from reviews r where r.booking_id = b.id and r.reviewer_id = $1) as x_reviewed
  from bookings b join users cu on cu.id = b.client_id join users co on co.id = b.coach_id`;

const STATUS_STYLE: Record<string, [string, string]> = {
  pending: ['Pending', 'bg-yellow-100 text-yellow-800 ring-yellow-200'],
  confirmed: ['Confirmed', 'bg-green-100 text-green-800 ring-green-200'],
  in_session: ['In session', 'bg-blue-100 text-blue-800 ring-blue-200'],
  completed: ['Completed', 'bg-slate-100 text-slate-700 ring-slate-200'],
  cancelled: ['Cancelled', 'bg-red-100 text-red-800 ring-red-200'],
  disputed: ['Disputed', 'bg-orange-100 text-orange-800 ring-orange-200'],
};
const londonDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const detail = (path: string, text: string) =>
  `<p class="flex items-center gap-2 text-sm text-slate-600"><svg viewBox="0 0 24 24" class="h-4 w-4 shrink-0 fill-none stroke-slate-400" stroke-width="2" aria-hidden="true"><path d="${path}"></path></svg><span>${text}</span></p>`;

function bookingCards(rows: pg.QueryResultRow[], viewer: SessionUser): string {
  return rows
    .map((b) => {
      const asClient = b.client_id === viewer.id;
      const [label, style] = STATUS_STYLE[b.status] ?? [b.status, ''];
      const service = esc(SERVICE_LABELS[b.service_type] ?? b.service_type);
      const open = b.status === 'pending' || b.status === 'confirmed';
      return `<li><article class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="${service} Session ${esc(b.reference_code)}"><div class="flex flex-wrap items-start justify-between gap-2"><div class="min-w-0"><h3 class="text-base font-semibold text-slate-900">${service} Session</h3><p class="font-mono text-xs text-slate-500">${esc(b.reference_code)}</p></div><div class="flex flex-wrap items-center gap-2"><span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}">${esc(label)}</span></div></div><p class="mt-3 text-sm text-slate-700"><span class="text-slate-500">${asClient ? 'Coach' : 'Client'}:</span> <span class="font-medium">${esc(asClient ? b.x_coach_name : b.x_client_name)}</span></p><div class="mt-2 grid gap-1.5 sm:grid-cols-2">${detail('M4 7h16M4 7v12h16V7M4 7V5h16v2M8 3v4M16 3v4', esc(londonDate.format(b.starts_at)))}${detail('M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z', `${londonTime.format(b.starts_at)} (${b.duration_minutes} mins)`)}${detail('M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21z', esc(b.location_address ?? b.location_type))}${detail('M15 6.5a4 4 0 00-7 2.5v8M6 13h6M6 18h11', `${pounds(b.total_price_pence)} <span class="text-slate-400">(inc. ${pounds(b.admin_fee_pence)} admin fee)</span>`)}</div>${b.client_notes ? `<p class="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">${esc(b.client_notes)}</p>` : ''}<div class="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4"><a class="${BUTTON}" data-discover="true" href="/Conversation?booking_id=${b.id}">Message</a>${open ? `<button type="button" class="${BUTTON}">Reschedule</button><button type="button" class="${BUTTON} text-red-700">Cancel</button>` : ''}${!asClient && b.status === 'pending' ? `<button type="button" class="${PRIMARY}">Accept</button><button type="button" class="${BUTTON}">Decline</button>` : ''}</div></article></li>`;
    })
    .join('');
}

const bookingCursor = (rows: pg.QueryResultRow[]) => {
  const last = rows[19];
  return rows.length > 20 && last ? `${new Date(last.starts_at).toISOString()}_${last.id}` : null;
};

async function myBookings(url: URL, user: SessionUser): Promise<string> {
  const tab = ['upcoming', 'past', 'cancelled'].includes(url.searchParams.get('tab') ?? '') ? url.searchParams.get('tab')! : 'upcoming';
  const now = new Date();
  const cond =
    tab === 'upcoming'
      ? `(b.status in ('pending', 'confirmed') and b.starts_at >= $3)`
      : tab === 'cancelled'
        ? `b.status = 'cancelled' and $3::timestamptz is not null`
        : `b.status <> 'cancelled' and not (b.status in ('pending', 'confirmed') and b.starts_at >= $3)`;
  const rows = (await pool.query(`${BOOKING_SELECT} where (b.client_id = $2 or b.coach_id = $2) and ${cond} order by b.starts_at desc, b.id desc limit 21`, [user.id, user.id, now])).rows;
  const labels: Record<string, string> = { upcoming: 'Upcoming', past: 'Past Sessions', cancelled: 'Cancelled' };
  const tabs = ['upcoming', 'past', 'cancelled']
    .map(
      (t) =>
        `<a${t === tab ? ' aria-current="page"' : ''} class="rounded-lg px-2 py-2 text-center ${t === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}" data-discover="true" href="/MyBookings?tab=${t}">${labels[t]}</a>`,
    )
    .join('');
  const content = `<div class="mx-auto w-full max-w-4xl"><header class="mb-6"><h1 class="text-2xl font-bold text-slate-900 sm:text-3xl">My Bookings</h1><p class="mt-1 text-slate-600">Your coaching sessions, past and upcoming.</p></header><nav aria-label="Booking tabs" class="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">${tabs}</nav><div aria-busy="false" class=""><ul class="space-y-4">${bookingCards(rows.slice(0, 20), user)}</ul>${rows.length > 20 ? `<div class="mt-6 flex justify-center"><button type="button" class="${BUTTON}">Load more</button></div>` : ''}</div></div>`;
  return document('My Bookings — FACT', shell(user, 'MyBookings', content), { tab, bookings: rows.slice(0, 20), nextCursor: bookingCursor(rows) });
}

const GROUPS: Record<string, string> = { pending: `('pending')`, upcoming: `('confirmed', 'in_session')`, history: `('completed', 'cancelled', 'disputed')` };

async function coachDashboard(url: URL, user: SessionUser): Promise<string> {
  const group = GROUPS[url.searchParams.get('tab') ?? ''] ? url.searchParams.get('tab')! : 'pending';
  const counts = (
    await pool.query(
      `select count(*) filter (where status in ${GROUPS.pending}) as pending, count(*) filter (where status in ${GROUPS.upcoming}) as upcoming,
              count(*) filter (where status in ${GROUPS.history}) as history from bookings where coach_id = $1`,
      [user.id],
    )
  ).rows[0];
  const rows = (await pool.query(`${BOOKING_SELECT} where b.coach_id = $2 and b.status in ${GROUPS[group]} order by b.starts_at asc, b.id asc limit 21`, [user.id, user.id])).rows;
  const n = Number(counts.pending);
  const labels: Record<string, string> = { pending: 'Pending', upcoming: 'Upcoming', history: 'History' };
  const tabs = Object.keys(GROUPS)
    .map(
      (g) =>
        `<a${g === group ? ' aria-current="page"' : ''} class="rounded-lg px-2 py-2 text-center ${g === group ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}" data-discover="true" href="/CoachDashboard?tab=${g}">${labels[g]} <span class="ml-1 rounded-full bg-slate-200 px-1.5 text-xs">${Number(counts[g])}</span></a>`,
    )
    .join('');
  const content = `<div class="mx-auto w-full max-w-4xl"><header class="mb-6"><h1 class="text-2xl font-bold text-slate-900 sm:text-3xl">Coach Dashboard</h1><p class="mt-1 text-slate-600">Manage your bookings and schedule.</p></header>${n > 0 ? `<div role="status" class="mb-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"><span aria-hidden="true" class="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-sm font-bold text-white">!</span><p class="text-sm text-amber-900"><strong class="font-semibold">New Booking Requests:</strong> You have ${n} new ${n === 1 ? 'request' : 'requests'} to review.</p></div>` : ''}<nav aria-label="Booking groups" class="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">${tabs}</nav><div aria-busy="false" class=""><ul class="space-y-4">${bookingCards(rows.slice(0, 20), user)}</ul>${rows.length > 20 ? `<div class="mt-6 flex justify-center"><button type="button" class="${BUTTON}">Load more</button></div>` : ''}</div></div>`;
  return document('Coach Dashboard — FACT', shell(user, 'CoachDashboard', content), { group, counts, bookings: rows.slice(0, 20), nextCursor: bookingCursor(rows) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function conversation(url: URL, user: SessionUser): Promise<{ status: number; html: string }> {
  const bookingId = url.searchParams.get('booking_id') ?? '';
  const admin = user.role === 'admin';
  const missing = { status: 404, html: document('Conversation · FACT', '<main><p>Conversation not found.</p><a href="/Messages">Back to Messages</a></main>', { notFound: true }) };
  if (!UUID.test(bookingId)) return missing;
  const booking = (
    await pool.query(
      `select b.id, b.reference_code, b.service_type, b.status, b.starts_at, b.client_id, b.coach_id, cu.full_name as client_name, co.full_name as coach_name
         from bookings b join users cu on cu.id = b.client_id join users co on co.id = b.coach_id
        where b.id = $1::uuid and ($2::boolean or b.client_id = $3::uuid or b.coach_id = $3::uuid)`,
      [bookingId, admin, user.id],
    )
  ).rows[0];
  if (!booking) return missing;
  const rows = (
    await pool.query(
      `select m.id, m.booking_id, m.sender_id, m.receiver_id, m.content, m.is_read, m.read_at, m.created_at, m.created_at::text as cursor_at
         from messages m join bookings b on b.id = m.booking_id
        where m.booking_id = $1::uuid and ($2::boolean or b.client_id = $3::uuid or b.coach_id = $3::uuid) and ($2::boolean or m.sender_id = $3::uuid or m.receiver_id = $3::uuid)
        order by m.created_at desc, m.id desc limit 51`,
      [bookingId, admin, user.id],
    )
  ).rows;
  const unread = (
    await pool.query(
      `select id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at, created_at::text as cursor_at
         from messages where booking_id = $1::uuid and receiver_id = $2::uuid and not is_read order by created_at, id`,
      [bookingId, user.id],
    )
  ).rows;
  if (unread.length > 0) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`update messages set is_read = true, read_at = now() where id = any($1::uuid[])`, [unread.map((m) => m.id)]);
      await client.query('commit');
    } finally {
      client.release();
    }
  }
  const messages = rows.slice(0, 50).reverse();
  const other = booking.client_id === user.id ? { id: booking.coach_id, name: booking.coach_name } : { id: booking.client_id, name: booking.client_name };
  const items = messages
    .map((m) => {
      const mine = m.sender_id === user.id;
      return `<li class="flex ${mine ? 'justify-end' : 'justify-start'}" data-testid="message" data-mine="${mine}"><div class="max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${mine ? 'rounded-br-md bg-pitch-600 text-white' : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'}"><p class="whitespace-pre-wrap break-words text-[15px] leading-snug">${esc(m.content)}</p><p class="mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-pitch-100' : 'text-slate-500'}"><time dateTime="${new Date(m.created_at).toISOString()}">${londonTime.format(m.created_at)}</time>${mine && m.is_read ? '<span>· Read</span>' : ''}</p></div></li>`;
    })
    .join('');
  const service = esc(SERVICE_LABELS[booking.service_type] ?? booking.service_type);
  const body = `<div class="flex h-dvh flex-col bg-slate-50"><header class="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur"><div class="mx-auto flex max-w-3xl items-center gap-3 px-3 py-3 sm:px-5"><a class="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100" aria-label="Back to Messages" data-discover="true" href="/Messages"><svg viewBox="0 0 24 24" class="h-5 w-5" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M15 5l-7 7 7 7" stroke-linecap="round" stroke-linejoin="round"></path></svg></a><span aria-hidden="true" class="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-sm font-bold text-pitch-800">${esc((other.name ?? 'U').charAt(0))}</span><div class="min-w-0 flex-1"><h1 class="truncate text-base font-bold text-slate-900 sm:text-lg">${esc(other.name)}</h1><p class="truncate text-xs text-slate-600 sm:text-sm">Re: ${service} Session</p></div><div class="hidden shrink-0 text-right text-xs text-slate-500 sm:block"><p class="font-mono">${esc(booking.reference_code)}</p><p>${esc(when(booking.starts_at))}</p></div></div></header><div class="flex-1 overflow-y-auto" data-testid="thread-scroller"><div class="mx-auto flex min-h-full max-w-3xl flex-col px-3 py-4 sm:px-5">${rows.length > 50 ? '<div class="mb-2 flex justify-center"><button type="button" class="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60">Show earlier messages</button></div>' : ''}<ol class="flex flex-col gap-1.5" aria-label="Messages" data-testid="message-thread">${items}</ol></div></div><div class="border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"><form method="post" class="mx-auto w-full max-w-3xl px-3 py-3 sm:px-5" novalidate=""><input type="hidden" name="bookingId" value="${booking.id}"/><input type="hidden" name="receiverId" value="${other.id}"/><div class="flex items-end gap-2"><label for="message-content" class="sr-only">Message</label><textarea id="message-content" name="content" rows="1" placeholder="Type your message..." class="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-[15px] leading-snug text-slate-900 placeholder:text-slate-400 focus:border-pitch-600 focus:outline-none focus:ring-2 focus:ring-pitch-600/20"></textarea><button type="submit" disabled="" class="flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-pitch-600 px-4 text-sm font-semibold text-white hover:bg-pitch-700 disabled:cursor-not-allowed disabled:bg-slate-300"><svg viewBox="0 0 24 24" class="h-4 w-4" fill="currentColor" aria-hidden="true"><path d="M3 20.5l18-8.5L3 3.5l2.5 8.5z"></path></svg>Send</button></div></form></div></div>`;
  return { status: 200, html: document(`${other.name} · Messages · FACT`, body, { now: new Date().toISOString(), booking, messages, older: rows.length > 50 }) };
}

const AGE_LABELS: Record<string, string> = { under_12: 'Under 12', under_16: 'Under 16', under_18: 'Under 18', adults: 'Adults (18+)' };
const chip = (text: string) => `<span class="rounded-full bg-pitch-50 px-2.5 py-0.5 text-xs font-semibold text-pitch-800">${esc(text)}</span>`;
const row = (label: string, value: string) =>
  `<div class="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-3 sm:gap-4"><dt class="text-sm font-medium text-slate-500">${label}</dt><dd class="text-sm text-slate-900 sm:col-span-2">${value}</dd></div>`;

async function coachProfile(url: URL, user: SessionUser): Promise<{ status: number; html: string }> {
  const id = url.searchParams.get('userId') ?? user.id;
  if (!UUID.test(id)) return { status: 404, html: 'Not Found' };
  const person = (await pool.query(USER_SQL, [id])).rows[0];
  if (!person || person.user_type !== 'coach') return { status: 404, html: 'Not Found' };
  const coach = (
    await pool.query(
      `select user_id, credentials, services_offered, hourly_rate_pence, service_radius_miles, age_groups, is_verified, rating::float8 as rating, review_count, total_sessions, created_at, updated_at, version
         from coach_profiles where user_id = $1`,
      [id],
    )
  ).rows[0];
  const periods = (
    await pool.query(`select id, coach_id, starts_at, ends_at, location_override, notes, is_available, created_at, updated_at from availability_periods where coach_id = $1 order by starts_at, id`, [
      id,
    ])
  ).rows;
  const name = person.full_name ?? 'User';
  const details = coach
    ? [
        row('Location', esc(person.location_address)),
        row('Bio', `<p class="whitespace-pre-line">${esc(person.bio)}</p>`),
        row('Rate', `£${Math.round(coach.hourly_rate_pence / 100)} <span class="text-slate-500">per session</span>`),
        row(
          'Services',
          `<div class="flex flex-wrap gap-1.5">${textArray(coach.services_offered)
            .map((v) => chip(SERVICE_LABELS[v] ?? v))
            .join('')}</div>`,
        ),
        row(
          'Age groups',
          `<div class="flex flex-wrap gap-1.5">${textArray(coach.age_groups)
            .map((v) => chip(AGE_LABELS[v] ?? v))
            .join('')}</div>`,
        ),
        row('Credentials', esc(textArray(coach.credentials).join(', '))),
        row('Service radius', `${coach.service_radius_miles} miles`),
        row('Rating', `${Number(coach.rating).toFixed(1)} / 5 from ${coach.review_count} reviews · ${coach.total_sessions} completed sessions`),
      ].join('')
    : '';
  const availability = periods.length
    ? `<ul class="space-y-2">${periods.map((a) => `<li class="rounded-lg border border-slate-200 px-4 py-3 text-sm">${esc(londonDate.format(a.starts_at))} ${londonTime.format(a.starts_at)}–${londonTime.format(a.ends_at)}</li>`).join('')}</ul>`
    : '<p class="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">No availability published yet.</p>';
  const content = `<div class="mx-auto flex max-w-4xl flex-col gap-6"><header class="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"><span aria-hidden="true" class="h-24 w-24 text-3xl flex shrink-0 items-center justify-center rounded-full bg-pitch-600 font-bold text-white ring-4 ring-white shadow">${esc(name.charAt(0).toUpperCase())}</span><div class="min-w-0 flex-1"><h1 class="text-2xl font-bold tracking-tight text-slate-900">${id === user.id ? 'My Coach Profile' : 'Coach Profile'}</h1><p class="mt-1 truncate text-lg text-slate-700">${esc(name)}</p><div class="mt-2 flex flex-wrap gap-1.5"><span class="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">coach</span>${coach?.is_verified ? '<span class="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">verified</span>' : ''}</div></div></header><section class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-label="Profile details"><dl>${details}</dl></section><section aria-labelledby="availability-title" class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"><h2 id="availability-title" class="text-lg font-semibold text-slate-900">Availability</h2><p class="mb-4 mt-1 text-sm text-slate-600">When this coach takes bookings.</p><div class="flex flex-col gap-6"><div>${availability}</div></div></section></div>`;
  const profile = { id: person.id, fullName: person.full_name, bio: person.bio, location: person.location_address, avatarUrl: person.avatar_url, userType: person.user_type, coachProfile: coach };
  return { status: 200, html: document('Coach Profile — FACT', shell(user, 'CoachProfile', content), { title: 'Coach Profile', profile, own: id === user.id, availability: periods }) };
}

const ADMIN_FILTERS: [string, string][] = [
  ['all', 'All'],
  ['pending', 'Pending'],
  ['confirmed', 'Confirmed'],
  ['in_session', 'In Session'],
  ['completed', 'Completed'],
  ['cancelled', 'Cancelled'],
  ['disputed', 'Disputed'],
];

async function adminBookings(url: URL, user: SessionUser): Promise<{ status: number; html: string }> {
  if (user.role !== 'admin') return { status: 404, html: 'Not Found' };
  const filter = ADMIN_FILTERS.find(([v]) => v === url.searchParams.get('status')) ?? ADMIN_FILTERS[0]!;
  const rows = (
    await pool.query(
      `select b.id, b.reference_code, b.status, b.payment_status, b.service_type, b.starts_at, b.duration_minutes, b.service_price_pence, b.admin_fee_pence,
              b.total_price_pence, b.client_id, b.coach_id, b.dispute_status, b.created_at, b.created_at::text as cursor_at,
              coalesce(c.full_name, '') as client_name, coalesce(k.full_name, '') as coach_name
         from bookings b left join users c on c.id = b.client_id left join users k on k.id = b.coach_id
        where ${filter[0] === 'all' ? 'true' : 'b.status = $1'} and true order by b.created_at desc, b.id desc limit 21`,
      filter[0] === 'all' ? [] : [filter[0]],
    )
  ).rows;
  const items = rows
    .slice(0, 20)
    .map((b) => {
      const [label, style] = STATUS_STYLE[b.status] ?? [b.status, ''];
      return `<li><article class="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"><div class="flex flex-wrap items-start justify-between gap-2"><div class="min-w-0"><p class="font-mono text-sm font-semibold text-slate-900">${esc(b.reference_code)}</p><p class="text-sm text-slate-600"><span class="font-medium">${esc(b.client_name)}</span> with <span class="font-medium">${esc(b.coach_name)}</span></p></div><span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}">${esc(label)}</span></div><div class="mt-2 grid gap-1.5 sm:grid-cols-3">${detail('M4 7h16M4 7v12h16V7M4 7V5h16v2M8 3v4M16 3v4', esc(londonDate.format(b.starts_at)))}${detail('M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z', `${londonTime.format(b.starts_at)} (${b.duration_minutes} mins)`)}${detail('M15 6.5a4 4 0 00-7 2.5v8M6 13h6M6 18h11', `${pounds(b.total_price_pence)} · ${esc(b.payment_status)}`)}</div><div class="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3"><a class="${BUTTON}" data-discover="true" href="/Conversation?booking_id=${b.id}">Open Chat</a><button type="button" class="${PRIMARY}">Take Payment</button></div></article></li>`;
    })
    .join('');
  const nav = ADMIN_FILTERS.map(
    ([v, l]) =>
      `<a${v === filter[0] ? ' aria-current="page"' : ''} class="rounded-lg px-3 py-1.5 ${v === filter[0] ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}" data-discover="true" href="/AdminBookings?status=${v}">${l}</a>`,
  ).join('');
  const content = `<div class="mx-auto w-full max-w-6xl space-y-5"><header><h1 class="text-2xl font-bold text-slate-900 sm:text-3xl">Bookings (${filter[1]})</h1><p class="mt-1 text-slate-600">Newest first. Every booking, every party, every payment.</p></header><div id="lookup"><form class="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"><label class="text-sm font-medium text-slate-700" for="reference">Booking reference</label><div class="mt-2 flex gap-2"><input id="reference" name="q" placeholder="FACT-20250924-A7B2" class="${INPUT} font-mono"/><button type="submit" class="${PRIMARY}">Search</button></div></form></div><nav aria-label="Booking status" class="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">${nav}</nav><ul class="space-y-3">${items}</ul>${rows.length > 20 ? `<div class="flex justify-center"><a class="${BUTTON}" href="/AdminBookings?status=${filter[0]}&after=x">Next page</a></div>` : ''}</div>`;
  return { status: 200, html: document('Bookings — FACT admin', shell(user, 'AdminBookings', content), { status: filter[0], page: { items: rows.slice(0, 20) } }) };
}

// --- actions --------------------------------------------------------------------------------

const RATE_SQL = `insert into rate_limit_counters as c (key, window_started_at, hits, expires_at) values ($1, $2, 1, $3)
  on conflict (key) do update set window_started_at = case when c.expires_at <= excluded.window_started_at then excluded.window_started_at else c.window_started_at end,
  hits = case when c.expires_at <= excluded.window_started_at then 1 else c.hits + 1 end,
  expires_at = case when c.expires_at <= excluded.window_started_at then excluded.expires_at else c.expires_at end returning hits, expires_at`;

let hitsSinceSweep = 0;

/** FACT's rate-limit store: one upsert per hit, and every 500th hit sweeps the ended windows. */
async function underLimit(action: string, userId: string, limit: number, windowMs: number): Promise<boolean> {
  const now = new Date();
  const { rows } = await pool.query(RATE_SQL, [`${action}:user:${userId}`, now, new Date(now.getTime() + windowMs)]);
  if (++hitsSinceSweep >= 500) {
    hitsSinceSweep = 0;
    await pool.query('delete from rate_limit_counters where expires_at < $1', [now]);
  }
  return Number(rows[0].hits) <= limit;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const reference = (now: Date) => `FACT-${londonDay.format(now).replaceAll('-', '')}-${Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * 36)]).join('')}`;

/** London wall-clock date and time to a UTC instant (the offset of that day at noon). */
function londonToUtc(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(guess);
  const offsetHours = Number(parts) - guess.getUTCHours();
  return new Date(guess.getTime() - offsetHours * 3_600_000);
}

const LOCATION_TYPES = ['online', 'client_home', 'coach_location', 'gym', 'outdoor'];
const text = (v: string | null) => (v && v.trim() ? v.trim() : null);
/** Every column FACT's booking repository writes (adapters/persistence/booking/booking.repository.ts INSERT_SQL), in its order. */
const BOOKING_COLUMNS = `id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, location_type, location_address, location_notes, client_notes, player_id,
  service_price_pence, admin_fee_pence, total_price_pence, status, cancellation_reason, cancelled_by, cancelled_at, declined, reschedule_requested_by, reschedule_status,
  reschedule_proposed_starts_at, reschedule_reason, session_started_at, client_arrived_at, coach_arrived_at, client_completed_at, coach_completed_at, early_completion_reason,
  completed_at, dispute_status, dispute_reason, dispute_opened_by, dispute_opened_at, dispute_outcome, dispute_refund_pence, dispute_resolution_note, dispute_resolved_by,
  dispute_resolved_at, payment_status, payment_intent_id, amount_authorized_pence, amount_captured_pence, amount_refunded_pence, payment_held_until, payment_released_at,
  created_at, updated_at, version`;
const BOOKING_INSERT = `insert into bookings (${BOOKING_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, null, $13, 300, $14, 'pending',
  null, null, null, false, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
  'pending', null, 0, 0, 0, null, null, $15, $15, 1)`;

/**
 * FACT's booking request (domain/booking/use-cases/submit-booking-request.ts → request-booking.ts,
 * decisions 011 and 017), statement for statement: the user (currentUser), the rate-limit hit,
 * the coach with their profile, their availability periods; then in one transaction: a confirmed
 * session overlapping?, a pending request of this client for this coach and start already?
 * (decision 011's one pending request per slot), the reference code free?, the insert of every
 * column, the 'requested' outbox job. The price is the coach's per-session rate plus the £3 fee.
 * A player (decision 017's playerId) is not supported: the bench books for the client themself.
 */
async function book(req: http.IncomingMessage, user: SessionUser): Promise<{ status: number; body: unknown }> {
  const form = await readForm(req);
  const coachId = form.get('coachId') ?? '';
  const serviceType = form.get('serviceType') ?? '';
  const date = form.get('date') ?? '';
  const time = form.get('time') ?? '';
  const duration = Number(form.get('durationMinutes'));
  const locationType = form.get('locationType') || 'online';
  const [locationAddress, locationNotes, clientNotes] = [text(form.get('locationAddress')), text(form.get('locationNotes')), text(form.get('clientNotes'))];
  if (
    form.get('intent') !== 'book' ||
    !UUID.test(coachId) ||
    !SERVICES.includes(serviceType) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    !/^\d{2}:\d{2}$/.test(time) ||
    !Number.isInteger(duration) ||
    !(duration >= 30 && duration <= 240) ||
    !LOCATION_TYPES.includes(locationType) ||
    (locationAddress?.length ?? 0) > 200 ||
    (locationNotes?.length ?? 0) > 500 ||
    (clientNotes?.length ?? 0) > 500 ||
    ![null, '', 'self'].includes(form.get('playerId'))
  )
    return { status: 422, body: { ok: false, message: 'Invalid booking' } };
  const now = new Date();
  const startsAt = londonToUtc(date, time);
  if (startsAt <= now || startsAt.getTime() > now.getTime() + 91 * 86_400_000) return { status: 422, body: { ok: false, message: 'Booking date must be in the future' } };
  if (!(await underLimit('booking', user.id, 10, 3_600_000))) return { status: 429, body: { ok: false, message: 'Too many booking attempts.' } };
  if (user.id === coachId) return { status: 422, body: { ok: false, message: 'You cannot book yourself' } };
  const coach = (
    await pool.query(
      `select u.id, u.full_name, (u.is_active and u.erased_at is null and u.user_type = 'coach') as bookable, p.hourly_rate_pence, p.services_offered, p.age_groups
         from users u join coach_profiles p on p.user_id = u.id where u.id = $1`,
      [coachId],
    )
  ).rows[0];
  if (!coach || !coach.bookable) return { status: 404, body: { ok: false, message: 'Coach not found' } };
  const periods = (await pool.query(`select starts_at, ends_at, is_available from availability_periods where coach_id = $1 order by starts_at`, [coachId])).rows;
  if (user.role === 'admin' || !textArray(coach.services_offered).includes(serviceType)) return { status: 422, body: { ok: false, message: 'Service not offered' } };
  const endsAt = new Date(startsAt.getTime() + duration * 60_000);
  const open = periods.filter((p) => p.is_available);
  if (periods.some((p) => !p.is_available && p.starts_at < endsAt && startsAt < p.ends_at) || (open.length > 0 && !open.some((p) => p.starts_at <= startsAt && endsAt <= p.ends_at)))
    return { status: 409, body: { ok: false, message: 'The coach is not available then' } };
  const price = Number(coach.hourly_rate_pence);
  const id = randomUUID();
  let ref = reference(now);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const refuse = async (status: number, message: string) => {
      await client.query('rollback');
      return { status, body: { ok: false, message } };
    };
    const overlap = await client.query(
      `select exists (select 1 from bookings where coach_id = $1 and status in ('confirmed', 'in_session') and tstzrange(starts_at, ends_at, '[)') && tstzrange($2, $3, '[)') and ($4::uuid is null or id <> $4::uuid)) as found`,
      [coachId, startsAt, endsAt, null],
    );
    if (overlap.rows[0].found) return await refuse(409, 'The coach is not available then');
    const pending = await client.query(`select exists (select 1 from bookings where client_id = $1 and coach_id = $2 and starts_at = $3 and status = 'pending') as found`, [
      user.id,
      coachId,
      startsAt,
    ]);
    if (pending.rows[0].found) return await refuse(409, 'You already have a request with this coach at this time.');
    for (let attempt = 1; (await client.query(`select * from bookings where reference_code = $1 limit 1`, [ref])).rowCount! > 0; attempt++) {
      if (attempt >= 8) return await refuse(409, 'No booking reference available');
      ref = reference(now);
    }
    await client.query(BOOKING_INSERT, [id, ref, user.id, coachId, serviceType, startsAt, duration, endsAt, locationType, locationAddress, locationNotes, clientNotes, price, price + 300, now]);
    await client.query(
      `insert into outbox_jobs (id, type, payload, dedupe_key, run_after) values ($1, 'booking.notification', $2::jsonb, $3, coalesce($4::timestamptz, now())) on conflict (dedupe_key) where dedupe_key is not null do nothing`,
      [randomUUID(), JSON.stringify({ bookingId: id, event: 'requested', actorId: user.id }), `${id}:requested:${now.getTime()}`, null],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return {
    status: 200,
    body: {
      ok: true,
      intent: 'book',
      booking: {
        id,
        referenceCode: ref,
        coachName: coach.full_name,
        serviceLabel: SERVICE_LABELS[serviceType],
        durationMinutes: duration,
        servicePricePence: price,
        adminFeePence: 300,
        totalPricePence: price + 300,
      },
    },
  };
}

/**
 * FACT's message POST (domain/messaging/use-cases/post-message.ts), statement for statement: the
 * user, the rate-limit hit, then in one transaction the booking's parties and payment state (a
 * request never paid has not reached the coach: 409, decision 011), the insert, the notify.
 */
async function sendMessage(req: http.IncomingMessage, user: SessionUser): Promise<{ status: number; body: unknown }> {
  const form = await readForm(req);
  const bookingId = form.get('bookingId') ?? '';
  const receiverId = form.get('receiverId') ?? '';
  const content = (form.get('content') ?? '').trim();
  if (!UUID.test(bookingId) || !UUID.test(receiverId) || content.length < 1 || content.length > 5000) return { status: 422, body: { ok: false, error: 'Message cannot be empty' } };
  if (!(await underLimit('message', user.id, 50, 15 * 60_000))) return { status: 429, body: { ok: false, error: 'Too many messages.' } };
  const id = randomUUID();
  const client = await pool.connect();
  try {
    await client.query('begin');
    const refuse = async (status: number, error: string) => {
      await client.query('rollback');
      return { status, body: { ok: false, error } };
    };
    const booking = (await client.query(`select id, client_id, coach_id, status, payment_status, amount_authorized_pence, cancelled_by from bookings where id = $1`, [bookingId])).rows[0];
    const parties = booking ? [booking.client_id, booking.coach_id] : [];
    if (!booking || (user.role !== 'admin' && !parties.includes(user.id)) || !parties.includes(receiverId) || receiverId === user.id) return await refuse(404, 'Conversation not found.');
    const neverPaid = Number(booking.amount_authorized_pence) === 0 && ['pending', 'failed', 'voided'].includes(booking.payment_status);
    const reachedCoach = !neverPaid || (booking.status !== 'pending' && !(booking.status === 'cancelled' && ['client', 'system'].includes(booking.cancelled_by)));
    if (!reachedCoach && receiverId === booking.coach_id) return await refuse(409, 'Failed to send message. Please try again.');
    await client.query(`insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at) values ($1, $2, $3, $4, $5, false, null, $6)`, [
      id,
      bookingId,
      user.id,
      receiverId,
      content.replace(/[<>]/g, ''),
      new Date(),
    ]);
    await client.query(`select pg_notify('fact_messages', $1)`, [JSON.stringify({ type: 'message', bookingId, messageId: id, senderId: user.id, receiverId })]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { status: 200, body: { ok: true, messageId: id } };
}

// --- server ---------------------------------------------------------------------------------

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/** One request; it answers 500 for anything it throws, so its promise never rejects. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.toLowerCase();
    if (path === '/healthz') return send(res, 200, 'application/json', '{"status":"ok"}');
    const user = await currentUser(req);
    if (!user) {
      res.writeHead(302, { Location: `/?login=1&redirectTo=${encodeURIComponent(url.pathname + url.search)}` });
      return res.end();
    }
    const html = 'text/html; charset=utf-8';
    if (req.method === 'GET' && path === '/findcoaches') return send(res, 200, html, await findCoaches(url, user));
    if (req.method === 'GET' && path === '/mybookings') return send(res, 200, html, await myBookings(url, user));
    if (req.method === 'GET' && path === '/coachdashboard') return send(res, 200, html, await coachDashboard(url, user));
    if (req.method === 'GET' && path === '/conversation') {
      const page = await conversation(url, user);
      return send(res, page.status, html, page.html);
    }
    if (req.method === 'GET' && path === '/coachprofile') {
      const page = await coachProfile(url, user);
      return send(res, page.status, html, page.html);
    }
    if (req.method === 'GET' && path === '/adminbookings') {
      const page = await adminBookings(url, user);
      return send(res, page.status, html, page.html);
    }
    if (req.method === 'POST' && path === '/findcoaches') {
      const { status, body } = await book(req, user);
      return send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
    }
    if (req.method === 'POST' && path === '/api/messages') {
      const { status, body } = await sendMessage(req, user);
      return send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
    }
    send(res, 404, 'text/plain', 'Not Found');
  } catch (error) {
    console.error(error);
    if (!res.headersSent) send(res, 500, 'text/plain', 'Internal Server Error');
    else res.destroy();
  }
}

const server = http.createServer((req, res) => void answer(req, res));
server.keepAliveTimeout = 65_000;
server.listen(PORT, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ listening: typeof address === 'object' && address ? address.port : PORT }));
});
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
