import pg from 'pg';
import { call, expectOk, forwardedFor } from '../lib/http.ts';

export interface BenchCustomer {
  id: number;
  email: string;
  token: string;
  /** A website of the customer's, delivered through the 9Hits sandbox (for Check hits). */
  websiteId: number;
  /** The websites made at setup; the workload's own come and go. */
  websiteIds: number[];
}

export const WEBSITES_PER_CUSTOMER = 3;

export const websiteBody = (n: number) => ({
  url: `https://www.bench-${n}.example.com/landing`,
  daily_hit_limit: 100,
  traffic_source: 'Direct',
  traffic_source_type: '',
  bounce_rate_reduction: true,
  geolocation_type: n % 2 ? 'Specific Countries' : 'All Countries',
  geolocations: n % 2 ? ['US', 'GB'] : [],
  status: 'ACTIVE',
  type: 'normal',
});

/**
 * Customers as the product makes them, through its API: registered, granted the Basic package by
 * the admin, given an extra-hits and an extra-slots add-on, with a few websites that the delivery
 * job has created at the (embedded) 9Hits sandbox. Each registers from its own X-Forwarded-For
 * address, as behind a load balancer, so the per-address sign-up limit does not refuse the batch.
 */
export async function createCustomers(
  base: string,
  databaseUrl: string,
  admin: { email: string; password: string },
  count: number,
  runId: string,
): Promise<BenchCustomer[]> {
  const adminLogin = await expectOk<{ token: string }>(
    call(base, 'POST', '/api/users/login', { json: { username: admin.email, password: admin.password } }),
    'admin login',
  );
  const adminToken = adminLogin.token;

  const customers: BenchCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${runId}-${i}@example.com`;
    const session = await expectOk<{ token: string; data: { id: number } }>(
      call(base, 'POST', '/api/users', {
        headers: forwardedFor(10, i),
        json: {
          email,
          username: `bench${runId}c${i}`,
          password: 'bench-password-1',
          address: '1 Main Street',
          phoneNumber: '94771234567',
          fullName: `Bench/Customer ${i}`,
          city: 'Colombo',
          country: 'Sri Lanka',
        },
      }),
      `register customer ${i}`,
    );
    await expectOk(call(base, 'POST', '/api/users/addPackage', { token: adminToken, json: { pkg: 'pkgBasic', email } }), 'grant package');
    await expectOk(
      call(base, 'POST', '/api/activated-additional-hits/email', { token: adminToken, json: { additional_id: '1000Hits', email } }),
      'grant extra hits',
    );
    await expectOk(
      call(base, 'POST', '/api/activated-additional-slots/email', { token: adminToken, json: { additional_id: '5Slots', email } }),
      'grant extra slots',
    );
    const websiteIds: number[] = [];
    for (let w = 0; w < WEBSITES_PER_CUSTOMER; w++) {
      const site = await expectOk<{ id: number }>(
        call(base, 'POST', '/api/website', { token: session.token, json: websiteBody(i * 10 + w) }),
        'create website',
      );
      websiteIds.push(site.id);
    }
    customers.push({ id: session.data.id, email, token: session.token, websiteId: websiteIds[0]!, websiteIds });
  }
  await waitForDelivery(
    databaseUrl,
    customers.map((c) => c.id),
  );
  return customers;
}

/** Until the sync jobs have created every website's campaign at the 9Hits sandbox. */
async function waitForDelivery(databaseUrl: string, userIds: number[], timeoutMs = 60_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as n from websites where user_id = any($1) and (ninehits_key is null or sync_state <> 'synced')`,
        [userIds],
      );
      if (rows[0].n === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${rows[0].n} bench websites were not delivered to the 9Hits sandbox within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

/**
 * When a timed run stops, a connection may have created its website and not yet deleted it. Those
 * are deleted here, through the API as their owner, so every run starts from the same capacity.
 * Returns how many there were.
 */
export async function removeInFlightWebsites(base: string, databaseUrl: string, customers: BenchCustomer[]): Promise<number> {
  // Requests the load generator dropped at the stop may still be finishing on the server.
  await new Promise((r) => setTimeout(r, 1000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows: { id: number; user_id: number }[];
  try {
    rows = (
      await client.query('select id, user_id from websites where user_id = any($1) and not (id = any($2))', [
        customers.map((c) => c.id),
        customers.flatMap((c) => c.websiteIds),
      ])
    ).rows;
  } finally {
    await client.end();
  }
  const owners = new Map(customers.map((c) => [c.id, c]));
  for (const row of rows) {
    const reply = await call(base, 'DELETE', `/api/website/${row.id}`, { token: owners.get(row.user_id)!.token });
    // On a machine loaded enough, a request dropped at the stop finishes after the wait above and
    // deletes the website first: the owner's call then answers 403 (a website that no longer exists).
    if (reply.status !== 200 && (reply.status !== 403 || (await websiteExists(databaseUrl, row.id))))
      throw new Error(`delete an in-flight website: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
  }
  return rows.length;
}

async function websiteExists(databaseUrl: string, id: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from websites where id = $1', [id])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Until the job queue (9Hits sync and delete jobs the workload enqueued) is empty; returns the wait in ms. */
export async function waitForJobs(databaseUrl: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as n from jobs where done_at is null and failed_at is null and run_at <= now()`,
      );
      if (rows[0].n === 0) return Date.now() - started;
      if (Date.now() - started > timeoutMs) throw new Error(`${rows[0].n} jobs still due after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
