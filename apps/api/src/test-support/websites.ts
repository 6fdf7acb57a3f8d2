import type { App } from '../app.ts';
import type { Session } from './accounts.ts';

export function websiteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: 'https://www.example.com/landing',
    daily_hit_limit: 100,
    traffic_source: 'Direct',
    traffic_source_type: '',
    bounce_rate_reduction: true,
    geolocation_type: 'All Countries',
    geolocations: [],
    status: 'ACTIVE',
    ...overrides,
  };
}

export function createWebsite(app: App, session: Session, overrides: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/website', headers: session.headers, payload: websiteBody(overrides) });
}

export async function statsOf(app: App, session: Session, type: 'normal' | 'seo' = 'normal') {
  const user = (await app.inject({ method: 'POST', url: `/api/users/load/${session.user.email}`, headers: session.headers })).json();
  return user.stats[type] as {
    availableHits: number;
    availableSlots: number;
    usedHits: number;
    usedSlots: number;
    totalHits: number;
    totalSlots: number;
  };
}
