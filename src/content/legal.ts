// Texts of the legal pages (spec §2 'Static pages and modals'): Terms and Conditions (16 numbered
// clauses in the spec's order), Privacy Policy and Cookie Policy. The website name is OfferLanka
// (DECISIONS.md, "Name and placeholders"); the "last updated" date is the build date and is added
// by src/components/LegalDocument.astro, not stored here.
import { SITE_NAME } from '../lib/constants.ts';
import { m } from '../paraglide/messages.js';

/** The legal pages stay in English on every locale (docs/i18n.md), their support hours too. */
const SUPPORT_HOURS = m.pages_support_hours({}, { locale: 'en' });

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  /** Fragment id for deep links (for example /terms#community); defaults to a slug of the heading. */
  id?: string;
}

export interface LegalDocument {
  title: string;
  intro?: string;
  sections: LegalSection[];
}

const SUPPORT_EMAIL = 'support@offerlanka.example';
const PRIVACY_EMAIL = 'privacy@offerlanka.example';
const CONTACT_PAGE = 'the Contact Us page on this site';

export const TERMS: LegalDocument = {
  title: 'Terms and Conditions',
  intro: `Please read these Terms and Conditions carefully before using ${SITE_NAME}. They set out the rules for browsing the site, creating an account and using its features.`,
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        `${SITE_NAME} is a website that brings together credit card offers and discounts from banks and merchants in Sri Lanka in one place. Visitors can browse and filter offers by bank and category, open an offer to read its details, save favourites, subscribe to our newsletter and send us feedback.`,
        `In these Terms, "${SITE_NAME}", "we", "us" and "our" mean the operators of the ${SITE_NAME} website, and "you" means any person who visits or uses it, whether or not they have an account.`,
      ],
    },
    {
      heading: 'Acceptance of Terms',
      paragraphs: [
        `By accessing or using ${SITE_NAME} you agree to be bound by these Terms and by our Privacy Policy and Cookie Policy. If you do not agree, please do not use the site.`,
        'When you create an account you confirm that you have read and accepted these Terms. You must be at least 18 years old, or have the consent of a parent or guardian, to create an account.',
      ],
    },
    {
      heading: 'Changes to Terms',
      paragraphs: [
        'We may update these Terms from time to time, for example when we add features or when the law changes. The date at the top of this page shows when they were last updated.',
        `Where a change materially affects your rights, we will make reasonable efforts to tell you, for example by a notice on the site. Continuing to use ${SITE_NAME} after a change takes effect means that you accept the updated Terms.`,
      ],
    },
    {
      heading: 'User Responsibilities',
      paragraphs: [
        `You agree to use ${SITE_NAME} only for lawful purposes and in a way that does not harm the site, its users or the banks and merchants whose offers appear on it.`,
        'You must not attempt to gain unauthorised access to any account or system, interfere with the operation of the site, send automated requests in volumes that burden our service, abuse the one-time code or feedback features, or copy large parts of the site by automated means.',
        'Before using an offer, check its terms with the bank or merchant concerned. Whether a card, purchase or person qualifies for an offer is decided by that bank or merchant, not by us.',
      ],
    },
    {
      heading: 'Account Registration via Mobile Number',
      paragraphs: [
        'An account is registered with a mobile number and a password. We verify the number by sending a six-digit one-time code by SMS. A code is valid for a short time and can be used only once.',
        'You must register only a mobile number that belongs to you, keep your password secret, and tell us promptly if you believe someone else has used your account. You are responsible for activity on your account until you tell us otherwise.',
        'To protect users and limit SMS costs, we restrict how often codes can be requested and how many wrong attempts are allowed. Too many code requests may temporarily stop further codes being sent to a number. We may suspend or block accounts that are used to break these Terms.',
      ],
    },
    {
      heading: 'Privacy',
      paragraphs: [
        'Your use of the site is also governed by our Privacy Policy, which explains what personal information we collect, how we use it and the choices you have. Our Cookie Policy explains how we use cookies and similar browser storage.',
      ],
    },
    {
      heading: 'Intellectual Property',
      paragraphs: [
        `The ${SITE_NAME} name, logo, design, software and the way offers are selected, organised and presented on the site belong to us or our licensors and are protected by the intellectual property laws of Sri Lanka and other countries.`,
        'Bank and merchant names, logos and trade marks belong to their respective owners. Showing them on the site identifies the source of an offer and does not mean that any bank or merchant endorses or is affiliated with us.',
        'You may view and share individual offer pages for your personal, non-commercial use. You may not reproduce, republish or resell the site or substantial parts of it without our written permission.',
      ],
    },
    {
      id: 'community',
      heading: 'User-Generated Content',
      paragraphs: [
        'Some features let you send us content, such as feedback, profile details, interest tags, business information or a company logo. You confirm that you have the right to share that content and that it is accurate, lawful and not misleading, offensive or infringing.',
        `You keep ownership of your content, but you grant ${SITE_NAME} a non-exclusive, royalty-free licence to store, use and display it for the purpose of running and improving the service. We may review, edit or remove any content that breaks these Terms or our community standards.`,
      ],
    },
    {
      heading: 'Offer Information Collected from Bank Websites',
      paragraphs: [
        `Most offers on ${SITE_NAME} are collected from the public websites and announcements of Sri Lankan banks and from merchants. We summarise them to make them easier to compare, and link each offer to its bank and category.`,
        'Banks and merchants can change, extend or withdraw offers at any time, sometimes without notice, and our copy may not reflect a change straight away. The terms published by the bank or merchant always take precedence over what is shown on our site.',
        `If you notice an offer that is wrong or out of date, please tell us through ${CONTACT_PAGE} so that we can correct it.`,
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        `${SITE_NAME} is provided "as is" and "as available". While we take care to keep offer information accurate and up to date, we do not guarantee that any offer is complete, current, available or suitable for you, or that the site will be uninterrupted or free of errors.`,
        'We are not a bank or a financial adviser, and nothing on the site is financial advice or a recommendation to apply for or use any particular credit card. Advertisements shown on the site are provided by third parties and are their responsibility.',
      ],
    },
    {
      heading: 'Limitation of Liability',
      paragraphs: [
        `To the fullest extent permitted by law, ${SITE_NAME} is not liable for any indirect, incidental or consequential loss, or for any loss arising from your reliance on offer information, from an offer being refused, changed or withdrawn by a bank or merchant, or from your dealings with any bank, merchant or advertiser.`,
        'Nothing in these Terms excludes or limits any liability that cannot be excluded or limited under the laws of Sri Lanka.',
      ],
    },
    {
      heading: 'Indemnification',
      paragraphs: [
        `You agree to indemnify and hold harmless ${SITE_NAME} and its operators from any claims, losses, damages and reasonable costs, including legal fees, arising from your breach of these Terms, your misuse of the site or content that you submit.`,
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        'You may stop using the site at any time, and you may ask us to close your account by contacting us.',
        'We may suspend or terminate your access, or block your account, without notice if you break these Terms, if we are required to by law, or to protect the site and its users. Clauses that by their nature should continue after termination, including those on intellectual property, disclaimers, limitation of liability and indemnification, will continue to apply.',
      ],
    },
    {
      heading: 'Governing Law',
      paragraphs: [
        'These Terms are governed by the laws of the Democratic Socialist Republic of Sri Lanka. Any dispute arising from them or from your use of the site is subject to the exclusive jurisdiction of the courts of Colombo, Sri Lanka.',
      ],
    },
    {
      heading: 'Contact Information',
      paragraphs: [
        `If you have questions about these Terms, please contact us at ${SUPPORT_EMAIL} or through ${CONTACT_PAGE}. Our support team is available ${SUPPORT_HOURS}.`,
      ],
    },
    {
      heading: 'Miscellaneous',
      paragraphs: [
        `These Terms, together with our Privacy Policy and Cookie Policy, are the entire agreement between you and ${SITE_NAME} about your use of the site. If any part of these Terms is found to be invalid or unenforceable, the rest remains in effect.`,
        'If we do not enforce a right under these Terms straight away, we have not waived it. You may not transfer your rights under these Terms without our consent; we may transfer ours as part of a reorganisation or sale of the service.',
      ],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro: `This Privacy Policy explains what personal information ${SITE_NAME} collects when you use the site, how we use and protect it, and the choices you have. We handle personal information in line with the Personal Data Protection Act, No. 9 of 2022, of Sri Lanka, as its provisions apply.`,
  sections: [
    {
      heading: 'Information We Collect',
      paragraphs: [
        'Account information: when you sign up we collect your first name, mobile number, account type, chosen areas of interest and password. Your password is stored only as a secure one-way hash, never in plain text. Merchant accounts may also give a business name, business registration number, contact details, address and a company logo.',
        'Verification information: to verify your mobile number and to reset your password we send six-digit one-time codes by SMS. We keep a hashed copy of each code for a few minutes, together with the number of attempts, so that it can be checked once and then expires.',
        'Activity on the site: the offers you view, your favourite offers and your recently viewed offers. We record which offers, banks and categories are viewed so that we can show view counts and suggest offers you may like.',
        'Messages you send us: the first name, mobile number, email address and message in the feedback form, and the email address you give when you subscribe to our newsletter.',
        'Technical information: your IP address, browser type and the times of your requests, which our servers receive automatically when you visit the site.',
      ],
    },
    {
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information to create and secure your account, verify your mobile number, sign you in and keep you signed in, save your favourites and recently viewed offers, and suggest offers based on the banks and categories you look at.',
        'We also use it to reply to your feedback, send you our newsletter if you subscribe (every newsletter lets you unsubscribe), review merchant profiles before activation, keep the site reliable, and prevent fraud and abuse, for example by limiting how often sign-in attempts and one-time codes can be requested.',
      ],
    },
    {
      heading: 'Disclosure of Your Information',
      paragraphs: [
        'We do not sell your personal information. We share it only where needed to run the service: with our SMS provider, which receives your mobile number and the text of the code message in order to deliver it; and with hosting and infrastructure providers that store data on our behalf under confidentiality obligations.',
        'We do not send your personal details to the banks or merchants whose offers you view. We may share anonymous, aggregated statistics, such as how many times an offer was viewed.',
        'We may disclose information if the law requires it, in response to a valid request from a court or public authority in Sri Lanka, or to protect the rights, property or safety of our users, the public or ourselves.',
      ],
    },
    {
      heading: 'Data Security',
      paragraphs: [
        'We use encrypted connections (HTTPS), store passwords and one-time codes only as hashes, issue random sign-in tokens that expire and are revoked when you log out, and limit the rate of sign-in and code requests. Access to personal information is limited to people who need it to run the service.',
        'No method of transmission or storage is completely secure, so we cannot guarantee absolute security. Please keep your password private and tell us at once if you think your account has been used without your permission.',
      ],
    },
    {
      heading: 'Data Retention',
      paragraphs: [
        'We keep account information for as long as your account is open and for a reasonable period afterwards to meet legal obligations and resolve disputes. One-time codes expire within minutes. Feedback messages and newsletter subscriptions are kept until they are no longer needed or until you ask us to delete them.',
      ],
    },
    {
      heading: 'Your Rights and Choices',
      paragraphs: [
        'You can view and update your profile details in your account. You can ask us for a copy of the personal information we hold about you, ask us to correct or delete it, withdraw consent where we rely on it, or unsubscribe from the newsletter at any time.',
        `To make a request, contact us using the details below. We may need to verify your identity, for example by sending a code to your registered mobile number, before acting on it.`,
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time. The date at the top of this page shows when it was last updated, and significant changes will be highlighted on the site.',
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        `For questions or requests about your personal information, email ${PRIVACY_EMAIL} or use ${CONTACT_PAGE}. Our support team is available ${SUPPORT_HOURS}.`,
      ],
    },
  ],
};

export const COOKIE_POLICY: LegalDocument = {
  title: 'Cookie Policy',
  intro: `This Cookie Policy explains how ${SITE_NAME} uses cookies and similar technologies when you visit the site, and how you can control them.`,
  sections: [
    {
      heading: 'What Are Cookies',
      paragraphs: [
        'Cookies are small text files that a website stores in your browser. They let the site remember information between pages and visits, such as whether you are signed in.',
        'Websites can also keep similar information in your browser through technologies such as local storage. In this policy, "cookies" covers these technologies as well.',
      ],
    },
    {
      heading: 'How We Use Cookies',
      paragraphs: [
        `Essential: when you sign in, ${SITE_NAME} keeps a random sign-in token in your browser so that you stay signed in as you move between pages. It expires after 30 days and is removed when you log out. Without it you cannot use your account.`,
        'Preferences and features: we remember your recently viewed offers and banks, and the filters you have chosen, so that you can pick up where you left off.',
        'Recommendations and statistics: we store a random visitor identifier that links the offers you view, so that we can count views and suggest offers based on the banks and categories you are interested in. It does not contain your name or mobile number.',
      ],
    },
    {
      heading: 'Third-Party Cookies',
      paragraphs: [
        `Advertisements on ${SITE_NAME} may be provided by an advertising partner, which may set its own cookies to show and measure ads. Links to our social media pages on Instagram, YouTube, TikTok and Facebook take you to those services, which have their own cookie policies. We do not control these third-party cookies.`,
      ],
    },
    {
      heading: 'Managing Cookies',
      paragraphs: [
        'You can view, block and delete cookies and other site data in your browser settings. Most browsers also let you block cookies from third parties only, or clear site data when you close the browser.',
        `If you block or delete essential cookies, you will be signed out and will not be able to use your account, favourites or recently viewed offers, but you can still browse offers on ${SITE_NAME}.`,
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [`If you have questions about our use of cookies, email ${PRIVACY_EMAIL} or use ${CONTACT_PAGE}.`],
    },
  ],
};
