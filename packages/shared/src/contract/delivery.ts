import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'delivery';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404];

/** Delivered hits per day, as the delivery collection stored them (no call to 9Hits on a request). */
export const deliveryApi = {
  website: endpoint(
    {
      method: 'GET',
      path: '/website/:id/history',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "A website's delivered hits per day of the last 7, 30 or 90 days, today so far",
    },
    (s) => ({ params: s.websiteIdParamsSchema, query: s.historyQuerySchema, responses: { 200: s.websiteHistorySchema } }),
  ),
  type: endpoint(
    {
      method: 'GET',
      path: '/delivery/:type',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "The customer's websites of a package type, each with its delivered hits per day (Home)",
    },
    (s) => ({ params: s.deliveryTypeParamsSchema, query: s.historyQuerySchema, responses: { 200: s.typeHistorySchema } }),
  ),
  websiteMonths: endpoint(
    {
      method: 'GET',
      path: '/website/:id/history/months',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "A website's delivered hits per month of the last 12 or 24, this month so far",
    },
    (s) => ({ params: s.websiteIdParamsSchema, query: s.monthHistoryQuerySchema, responses: { 200: s.websiteMonthsSchema } }),
  ),
  typeMonths: endpoint(
    {
      method: 'GET',
      path: '/delivery/:type/months',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "The customer's websites of a package type, each with its delivered hits per month (Home)",
    },
    (s) => ({ params: s.deliveryTypeParamsSchema, query: s.monthHistoryQuerySchema, responses: { 200: s.typeMonthsSchema } }),
  ),
  business: endpoint(
    {
      method: 'GET',
      path: '/admin/business',
      auth: 'admin',
      tag,
      errors,
      summary: 'Revenue, subscriptions, new customers, churn, hits delivered and the 9Hits points balance (admin)',
    },
    (s) => ({ responses: { 200: s.businessStatsSchema } }),
  ),
};
