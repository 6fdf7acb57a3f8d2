import { query } from './databases.ts';

/**
 * Observation only, in a test's own database: triggers that record which server process (its
 * PGAPPNAME) claimed each job and ran each periodic task, so tests can count them afterwards.
 */
export async function recordClaimsAndRuns(url: string): Promise<void> {
  await query(
    url,
    `create table reliability_scheduler_runs (name text not null, ran_at timestamptz not null, app text not null);
     create function reliability_record_run() returns trigger language plpgsql as $$
     begin
       if new.last_run_at is distinct from old.last_run_at then
         insert into reliability_scheduler_runs values (new.name, new.last_run_at, current_setting('application_name'));
       end if;
       return new;
     end $$;
     create trigger reliability_record_run after update on scheduler_locks for each row execute function reliability_record_run();

     create table reliability_job_claims (job_id bigint not null, kind text not null, attempts int not null, app text not null);
     create function reliability_record_claim() returns trigger language plpgsql as $$
     begin
       if new.attempts > old.attempts then
         insert into reliability_job_claims values (new.id, new.kind, new.attempts, current_setting('application_name'));
       end if;
       return new;
     end $$;
     create trigger reliability_record_claim after update on jobs for each row execute function reliability_record_claim();`,
  );
}

export function schedulerRuns(url: string, name: string) {
  return query<{ ran_at: Date; app: string }>(url, 'select ran_at, app from reliability_scheduler_runs where name = $1 order by ran_at', [
    name,
  ]);
}

export function jobClaims(url: string, kind: string) {
  return query<{ job_id: string; attempts: number; app: string }>(
    url,
    'select job_id, attempts, app from reliability_job_claims where kind = $1',
    [kind],
  );
}
