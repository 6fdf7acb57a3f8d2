import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';

export type TermsSection = { id: string; title: string; body: ReactNode };

function P({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ lineHeight: 1.75 }}>
      {children}
    </Typography>
  );
}

function Items({ items }: { items: string[] }) {
  return (
    <Typography component="ul" color="text.secondary" sx={{ m: 0, pl: 3, lineHeight: 1.75, '& li + li': { mt: 1 } }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Typography>
  );
}

function SupportLink({ children }: { children: ReactNode }) {
  return (
    <Link component={RouterLink} to={paths.support()}>
      {children}
    </Link>
  );
}

/** The terms of service, in the order docs/product.md lists their sections. */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <>
        <P>
          You need an account to buy packages and register websites. The details you give when you sign up (name, email address, mobile
          number and address) must be accurate, and you must keep them up to date.
        </P>
        <P>Only one account is allowed per person, household or IP address.</P>
        <P>
          If we find several accounts belonging to the same person, household or IP address, we may deactivate the extra accounts, or all of
          them, and pause their websites. You are responsible for keeping your password secret and for everything done with your account;
          tell us straight away if you think someone else has used it.
        </P>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <P>
          We may suspend or deactivate your account, with or without notice, if you break these terms, if we suspect fraud or abuse of the
          service or of a payment method, or if your use of the service puts other customers or our traffic network at risk.
        </P>
        <P>
          You may stop using the service at any time. To stop a subscription from renewing, contact support before your next billing date.
          When an account is deactivated, its websites are paused and any remaining hits or slots for the current period are forfeited,
          except where a refund is granted under the refund policy below.
        </P>
      </>
    ),
  },
  {
    id: 'websites',
    title: 'Websites',
    body: (
      <>
        <P>
          Each slot in your package holds one website. You may only register websites that you own or are authorised to promote, and you
          remain fully responsible for their content.
        </P>
        <Items
          items={[
            'Websites must be lawful where they are hosted and where their visitors are. Adult content is accepted when it is legal and clearly marked as adult.',
            'Websites must not distribute malware, phishing pages, pop-under chains or anything designed to harm visitors or their devices.',
            'Websites must not break out of or interfere with the browser session that delivers the visit.',
            'It is your responsibility to check that buying traffic is allowed by the advertising networks, analytics tools and other services your website uses.',
          ]}
        />
        <P>
          We may pause or remove any website that breaks these rules or that our traffic network refuses to serve, and we will tell you when
          we do.
        </P>
      </>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases',
    body: (
      <>
        <P>
          Prices are shown in US dollars (USD) per month and include everything we charge; your bank or payment provider may add its own
          fees. Payments are handled by our card payment provider or by PayPal, and we never see or store your full card details.
        </P>
        <P>
          A package or add-on (extra hits or extra slots) is activated once the payment is confirmed. After a PayPal payment this usually
          takes up to 5 minutes. Extra hits and extra slots last one month from the day they are activated.
        </P>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    body: (
      <>
        <P>
          Packages are subscriptions with monthly billing and automatic renewal: at the end of each monthly period the subscription renews
          and the package price is charged again to the same payment method, until you ask us to stop it.
        </P>
        <P>
          You can hold one subscription per package type. Buying the package you already have extends it by one month; buying a different
          package of the same type replaces it. When a subscription expires, the websites it covers are paused until it is renewed. If we
          change the price of a package, we will tell you before the change applies to your next renewal.
        </P>
      </>
    ),
  },
  {
    id: 'refund-policy',
    title: 'Refund policy',
    body: (
      <>
        <P>You can get a 100% refund within 30 days of your payment.</P>
        <P>
          Refunds are handled only through our support team: send your request from the <SupportLink>support page</SupportLink>. Requests
          made any other way are not treated as refund requests.
        </P>
        <P>
          We may refuse a refund when we suspect fraud, or when the package has mostly been used (for example, when most of its hits have
          already been delivered).
        </P>
        <P>
          Approved refunds go back to the original payment method. A refunded package or add-on ends immediately, and so does one whose
          payment is charged back. After 30 days, payments for the current period are not refundable.
        </P>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability',
    body: (
      <>
        <P>
          We work to keep the service available around the clock, but we do not promise uninterrupted access. Maintenance, updates and
          outages at our hosting, payment or traffic partners can make the service, or the delivery of hits, temporarily unavailable.
        </P>
        <P>
          Hits are delivered through a third-party traffic network, so the number delivered on a single day may vary. We may add, change or
          remove features of the service over time.
        </P>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <>
        <P>
          The service, including its software, design, text and logos, belongs to us or our licensors. We give you a personal,
          non-transferable right to use it for its intended purpose while your account is in good standing. You may not copy, resell,
          reverse engineer or automate access to the service.
        </P>
        <P>
          Your websites and their content remain yours. You allow us to pass their addresses, titles and keywords to our traffic partners
          only as needed to deliver your traffic.
        </P>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <P>
          To the extent the law allows, we are not liable for indirect or consequential losses, including lost profits, lost revenue, lost
          data, changes in search rankings, or the suspension of an advertising, analytics or hosting account connected to your website.
        </P>
        <P>
          Our total liability for any claim is limited to the amount you paid us in the month before the claim arose. Nothing in these terms
          limits liability that cannot be limited by law.
        </P>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <>
        <P>The service is provided “as is” and “as available”, without warranties of any kind.</P>
        <P>
          Hit results on third-party sites are not guaranteed: analytics tools, ad networks, hit counters and search engines count and
          filter visits in their own ways, so the figures they report may differ from the hits we deliver. We do not promise any ranking,
          revenue, sales or engagement as a result of using the service.
        </P>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <P>
        These terms are governed by the laws of the country in which our company is registered, without regard to its conflict-of-law rules,
        and its courts have jurisdiction over any dispute. This does not take away any protection you have under the mandatory consumer laws
        of the country where you live. Before starting any proceedings, please contact us so that we can try to resolve the matter together.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <P>
        Questions about these terms, your account or a payment can be sent to our team from the <SupportLink>support page</SupportLink> once
        you are signed in. We reply to every request.
      </P>
    ),
  },
];
