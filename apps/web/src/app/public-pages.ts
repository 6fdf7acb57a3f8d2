/**
 * The public pages pre-rendered at build time (scripts/prerender.ts) and served as static HTML by
 * the server, each with its own title, meta description and social tags (the app does not change
 * the title as a visitor moves on from there).
 */
export interface PublicPage {
  /** The path the server answers with the pre-rendered file. */
  path: string;
  /** The file under dist/, next to index.html. */
  file: string;
  title: string;
  description: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    file: 'pages/landing.html',
    title: 'Website Traffic Packages',
    description:
      'Buy website traffic by the month: hits per day, website slots, normal and SEO packages, delivered by 9Hits with geo targeting.',
  },
  {
    path: '/pricings',
    file: 'pages/pricings.html',
    title: 'Pricing | Website Traffic Packages',
    description: 'Monthly website traffic packages compared: hits per day, website slots and price, for normal and SEO traffic.',
  },
  {
    path: '/login',
    file: 'pages/login.html',
    title: 'Login | Website Traffic Packages',
    description: 'Sign in to manage your traffic packages, your websites and the hits delivered to them.',
  },
  {
    path: '/register',
    file: 'pages/register.html',
    title: 'Register | Website Traffic Packages',
    description: 'Create an account to buy monthly website traffic and add your websites, with normal and SEO packages.',
  },
  {
    path: '/about',
    file: 'pages/about.html',
    title: 'About us | Website Traffic Packages',
    description: 'Who we are: helping websites get seen since 2008, with real visitors delivered by 9Hits, tutorials and support.',
  },
  {
    path: '/tos',
    file: 'pages/tos.html',
    title: 'Terms of Service | Website Traffic Packages',
    description: 'The terms of service for buying and using website traffic packages.',
  },
  {
    path: '/privacy',
    file: 'pages/privacy.html',
    title: 'Your data | Website Traffic Packages',
    description: 'What we keep about you, why, and for how long; how to get a copy of your data; and how to close your account for good.',
  },
];
