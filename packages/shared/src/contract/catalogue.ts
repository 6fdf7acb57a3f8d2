import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'catalogue';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404, 409];

/** One add-on kind's catalogue endpoints: extra hits and extra slots are served alike. */
const addonEndpoints = (path: '/additional-hits' | '/additional-slots', what: string) => ({
  list: endpoint({ method: 'GET', path, auth: 'public', tag, errors: [], summary: what }, (s) => ({
    responses: { 200: s.addonListSchema },
  })),
  create: endpoint({ method: 'POST', path, auth: 'admin', tag, errors, summary: `Create (admin): ${what}` }, (s) => ({
    body: s.createAddonBodySchema,
    responses: { 201: s.addonSchema },
  })),
  update: endpoint({ method: 'PUT', path, auth: 'admin', tag, errors, summary: `Edit (admin): ${what}` }, (s) => ({
    body: s.updateAddonBodySchema,
    responses: { 200: s.addonSchema },
  })),
  remove: endpoint({ method: 'DELETE', path: `${path}/:id`, auth: 'admin', tag, errors, summary: `Retire (admin): ${what}` }, (s) => ({
    params: s.catalogueIdParamsSchema,
    responses: { 200: s.okSchema },
  })),
  holders: endpoint(
    {
      method: 'GET',
      path: `${path}/:id/holders`,
      auth: 'admin',
      tag,
      errors,
      summary: `Who holds it now, before a deletion (admin): ${what}`,
    },
    (s) => ({ params: s.catalogueIdParamsSchema, responses: { 200: s.catalogueHoldersSchema } }),
  ),
});

export const catalogueApi = {
  packages: {
    list: endpoint({ method: 'GET', path: '/packages', auth: 'public', tag, errors: [], summary: 'Monthly packages' }, (s) => ({
      responses: { 200: s.packageListSchema },
    })),
    create: endpoint({ method: 'POST', path: '/packages', auth: 'admin', tag, errors, summary: 'Create a package (admin)' }, (s) => ({
      body: s.createPackageBodySchema,
      responses: { 201: s.packageSchema },
    })),
    update: endpoint({ method: 'PUT', path: '/packages', auth: 'admin', tag, errors, summary: 'Edit a package (admin)' }, (s) => ({
      body: s.updatePackageBodySchema,
      responses: { 200: s.packageSchema },
    })),
    remove: endpoint({ method: 'DELETE', path: '/packages/:id', auth: 'admin', tag, errors, summary: 'Retire a package (admin)' }, (s) => ({
      params: s.catalogueIdParamsSchema,
      responses: { 200: s.okSchema },
    })),
    holders: endpoint(
      {
        method: 'GET',
        path: '/packages/:id/holders',
        auth: 'admin',
        tag,
        errors,
        summary: 'Who subscribes to a package now, before a deletion (admin)',
      },
      (s) => ({ params: s.catalogueIdParamsSchema, responses: { 200: s.catalogueHoldersSchema } }),
    ),
  },
  hits: addonEndpoints('/additional-hits', 'Extra-hits add-ons'),
  slots: addonEndpoints('/additional-slots', 'Extra-slots add-ons'),
};
