// The demo data every fresh sandbox starts with: two organizations that look like real companies, so that
// trying `wts` against the sandbox shows full boards, threads, runs and approvals waiting for a decision.
//
// Deterministic: everything is a function of `startMs` (no Math.random, no Date.now), and seeded ids carry
// an `s` (`task_s001`, `evt_s0001`) so they never collide with the store's `${prefix}_${seq}` ids.
import type {
  AgentRec,
  Author,
  ConversationRec,
  KnowledgeRec,
  Organization,
  PendingActionRec,
  PendingKind,
  SandboxState,
  ScheduledTaskRec,
  ServiceData,
  Status,
  TaskRec,
  User,
  WorkspaceRec,
} from './model.js';
import { dateInZone, nextCronOccurrence, previousCronOccurrence } from '../schedules/occurrences.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The one seed record `match` picks; the seed names only records it holds, so a miss is a mistake in the seed. */
function seeded<T>(records: readonly T[], match: (record: T) => boolean, what: string): T {
  const found = records.find(match);
  if (found === undefined) throw new Error(`the seed has no ${what}`);
  return found;
}

const STATUSES: readonly Status[] = [
  { key: 'todo', name: 'To do', position: 0 },
  { key: 'in_progress', name: 'In progress', position: 1 },
  { key: 'waiting', name: 'Waiting', position: 2 },
  { key: 'done', name: 'Done', position: 3 },
];
type StatusKey = 'todo' | 'in_progress' | 'waiting' | 'done';

const USERS: readonly User[] = [
  { id: 'usr_ada', login: 'ada', name: 'Ada Lovelace', email: 'ada@acme.example' },
  { id: 'usr_ben', login: 'ben', name: 'Ben Okafor', email: 'ben@acme.example' },
];
type Login = 'ada' | 'ben';

const ORGANIZATIONS: readonly Organization[] = [
  { id: 'org_acme', slug: 'acme', name: 'Acme Corp', timezone: 'Europe/Berlin', memberIds: ['usr_ada', 'usr_ben'] },
  { id: 'org_globex', slug: 'globex', name: 'Globex', timezone: 'America/New_York', memberIds: ['usr_ada'] },
];

const AGENTS: readonly AgentRec[] = [
  { id: 'agt_support', orgId: 'org_acme', workspaceId: 'ws_support', name: 'Support Agent', paused: false },
  { id: 'agt_sales', orgId: 'org_acme', workspaceId: 'ws_sales', name: 'Sales Agent', paused: false },
  { id: 'agt_ops', orgId: 'org_acme', workspaceId: 'ws_ops', name: 'Ops Agent', paused: false },
  { id: 'agt_research', orgId: 'org_globex', workspaceId: 'ws_research', name: 'Research Agent', paused: false },
];

// ---- Handbooks ------------------------------------------------------------------------------------

const SUPPORT_TONE = `Every reply we send is read by someone who is already having a worse day than they planned. Write for that person.

Voice. We sound like a capable colleague, not a call centre and not a friend from the pub. Use plain words, short sentences and the active voice: "I have refunded the charge", not "The charge has been refunded by our team". Use the customer's first name once, in the greeting. Sign with the team name, never with the name of the agent model.

Open with the answer. The first sentence after the greeting says what we did or what will happen next. Background, apologies and explanations come after it, and only as much as the customer needs to trust the answer. If the honest answer is "we do not know yet", say that, and say when we will know.

Apologise once, and for something specific. "I'm sorry the export dropped the accented names in your file" is an apology; "We apologise for any inconvenience this may have caused" is a form letter. Do not apologise for things that are not our fault, and never blame the customer, a colleague or a supplier by name.

Be exact. Give amounts with their currency, dates with the weekday ("Thursday, 14 May"), and times with the customer's timezone when we know it. Link to the help centre article instead of pasting it, and quote the one step that matters.

Match the customer's language and register. Reply in German to German emails and in English otherwise; the help centre has both. A customer who writes two lines gets a short answer; a customer who writes a detailed report gets a detailed reply that shows we read all of it.

Words we avoid: "unfortunately" at the start of a sentence, "please be advised", "as per", "kindly", "ASAP", "just" (it makes their problem sound small), and any promise about a release date. Words we like: "here is", "I have", "next", "by Friday".

Formatting. Plain text first: no tables, no more than one list per email, at most five items in it. Put each step of a procedure on its own line. Never put account numbers, passwords or full card numbers in an email, even if the customer sent them to us; refer to the last four digits.

Chat is shorter than email. In the in-app chat and in shared Slack channels, answer in one to three sentences, then offer the longer explanation if they want it. Do not send several messages in a row when one will do.

When the customer is angry, do not mirror the tone and do not argue with the facts in the first reply. Acknowledge the impact in one sentence, state what we are doing, and give the time of the next update. If a message contains threats or abuse, do not reply: hand the task to a person and tag it "escalated".

Before you propose a reply, read it once as the customer would. If it would annoy you, rewrite it.`;

const SUPPORT_ESCALATION = `Most tickets are solved by the first person or agent who picks them up. This entry says when a ticket must leave the normal queue, who gets it, and how fast.

Severity levels.
- Sev 1: the product is down or unusable for a customer, data is lost or exposed, or money moved that should not have. Examples: nobody at the customer can sign in; a deleted project cannot be restored; a charge was taken twice from many customers at once.
- Sev 2: an important feature is broken for a customer and there is no workaround, or a single customer was charged wrongly. Examples: reports time out for a large account; webhooks are delayed by more than ten minutes; a duplicate charge on one invoice.
- Sev 3: something is broken but a workaround exists, or a question needs a specialist. Everything else is Sev 4 and stays in the queue.

Who gets it.
- Sev 1: page the on-call engineer through the incident channel (#incidents) and tell Ada Lovelace, who owns customer communication during incidents. The agent never decides a Sev 1 alone: it drafts the first customer update and waits for approval.
- Sev 2: assign the task to Ben Okafor for technical issues or to Ada Lovelace for billing, add the tag "urgent", and set a due date no later than the next working day.
- Sev 3: assign to whoever has the fewest open tasks and add a note with what was tried.

Security and privacy. Anything that mentions a login the customer did not make, a leaked key, access by a former employee, or a request from an authority goes to Ada Lovelace at once, tagged "security", whatever its apparent severity. Do not confirm or deny to the customer what we found until a person has approved the wording.

Money. The agent may propose refunds and credits up to 200 EUR within the refund policy; a person approves every one of them. Anything above 200 EUR, any chargeback, and any change to a contract goes to Ada Lovelace as a task for a person, with the invoice numbers and the history in a note.

Response targets (working hours, Europe/Berlin): Sev 1 within 15 minutes, around the clock; Sev 2 within 2 hours; Sev 3 within one working day; Sev 4 within three working days. If a target will be missed, tell the customer before it passes, not after.

How to hand over. Write a note that a colleague who has never seen the ticket can act on: what the customer asked, what we know, what we tried, what is blocking, and what you would do next. Link the source conversation rather than pasting it. Then assign, set the status to "in_progress" or "waiting", and set a reminder for the next check.

After the fact. Every Sev 1 and every Sev 2 that missed its target gets a short review in the Operations workspace within five working days: what happened, how we found out, what we changed. Blame-free; the goal is the next ticket, not the last one.`;

const ACME_COMMUNICATION = `These standards apply to everyone who writes on Acme's behalf: people, and every agent in every workspace. A workspace's own handbook can add to them but not contradict them.

Who we are to customers. Acme sells scheduling and workflow software to small and mid-sized companies, mostly in Germany, Austria, the Netherlands and the United Kingdom. Our customers chose us because we are reliable and easy to reach. Every message should leave them more confident in that choice.

Honesty over comfort. We do not promise dates we do not control, features that are not on the public roadmap, or outcomes that depend on a third party. When we made a mistake, we say so plainly and say what we changed. When we do not know, we say when we will know.

Privacy. Customer data stays in the systems built for it. Do not copy customer data into chat channels, documents or emails beyond what the recipient needs. Never send passwords, API keys or full card numbers. Confirm a caller's identity through the account's registered email before discussing account details or making changes. Requests from authorities, lawyers or journalists go to Ada Lovelace; do not reply to them yourself.

Promises about money. Only people approve refunds, credits, discounts and contract changes. Agents may prepare them, with the amount, the currency, the invoice and the reason, and must wait for approval. Quote prices from the current price list only, in the customer's billing currency, excluding VAT unless the customer is a consumer.

Language. We write in English or German, matching the customer. Dates are written out ("Tuesday, 3 March"); times carry the timezone. We use the customer's name and our team's name, and we never claim that an agent is a person. If a customer asks whether they are talking to an AI, the answer is yes, and a person is always available.

Response times. Customers hear from us within one working day, even if only to say we are on it. Urgent matters follow the escalation policy of the workspace. Out-of-office replies are not a response.

Internal notes and chat. Notes on a task are for colleagues and agents: factual, complete, free of judgements about the customer. Assume the customer will one day read every note, because under data protection law they can ask to.

Mistakes. If you sent something wrong, correct it in a follow-up within the hour, and tell the task's assignee. An agent that notices a wrong or outdated entry in a handbook proposes a correction instead of working around it.

Signatures. Emails end with "Best regards," and the team name ("Acme Customer Support", "Acme Sales"). No personal phone numbers, no inspirational quotes, no images.`;

const GLOBEX_RESEARCH_ETHICS = `Globex Research exists to produce results that other people can rely on. Everything here follows from that.

Record everything, change nothing. Raw measurements are written once to the lab data store and never edited. Corrections are new records that reference the old ones, with the reason and the name of the person who made them. An agent that finds a suspicious value flags it in a note; it never removes or smooths it.

Reproducibility. Every figure in a report names the dataset, the script version and the parameters that produced it. If a result cannot be reproduced from those three by a colleague, it is not a result yet, and it is labelled "preliminary" wherever it appears.

Sources. Summaries of published work cite the paper with its DOI and say whether it was peer reviewed. Preprints are welcome but always marked as such. Do not summarise a paper from its abstract alone: read the methods section, and say so if you could not access the full text.

Conflicts of interest. Supplier comparisons note any existing contract, discount or joint project with the supplier. People who have a personal relationship with a supplier say so before they review the comparison.

Safety first. Experiments involving cells above 60 percent state of charge, thermal abuse or pressurised containers follow the lab safety manual and need a second person present. No schedule pressure justifies skipping a safety step; say that it will be late instead.

Confidentiality. Results of sponsored projects stay inside the project until the sponsor approves publication. Agents do not send project data to external services, and do not mention sponsors by name in anything that leaves Globex.

Publication. Draft papers, posters and blog posts go through the publication approvals entry below. Authorship follows contribution, decided before the writing starts, not after.

Working with agents. The Research Agent prepares literature reviews, data summaries and first drafts. It does not run experiments, change lab data or contact sponsors, and everything it writes is checked by the person who owns the task before it is used. When the agent is unsure which data or which conditions apply, it asks instead of choosing.

When in doubt, ask. A question to a person costs a few minutes; a retracted paper costs years.`;

interface SectionSeed {
  title: string;
  body: string;
}

const AGENT_HANDBOOKS: Record<string, SectionSeed[]> = {
  agt_support: [
    { title: 'Tone and voice', body: SUPPORT_TONE },
    { title: 'Escalation policy', body: SUPPORT_ESCALATION },
    {
      title: 'Refunds and credits',
      body: `Refunds follow the refund policy in the knowledge sources. In short: a duplicate or wrong charge is always refunded in full to the original payment method; unused seats are credited pro rata against the next invoice, never paid out; annual plans can be refunded within 30 days of renewal. Propose every refund as an action with the amount, currency and invoice number, and wait for a person to approve it. Chargebacks are never answered by the agent: hand them to Ada Lovelace.`,
    },
    {
      title: 'Sign-in and two-factor problems',
      body: `Never reset two-factor authentication, change an email address or unlock an account on the strength of a chat message alone. Confirm the request from the account's registered email address first. If SMS codes do not arrive, check the status page for the SMS provider before anything else, and suggest the authenticator app as a workaround. Repeated failed sign-ins from unusual places are a security matter: tag the task "security" and follow the escalation policy.`,
    },
    {
      title: 'Closing a ticket',
      body: `Mark a task done only when the customer has what they asked for or has stopped answering after two follow-ups a week apart. Before closing, add a one-line note with the outcome, remove the "urgent" tag, and cancel any reminders that are still scheduled.`,
    },
  ],
  agt_sales: [
    {
      title: 'Qualifying leads',
      body: `A lead is qualified when we know four things: how many people would use Acme, which tool they use today, who signs the contract, and when they want to start. Ask for what is missing in one friendly email, not a questionnaire. Leads with fewer than five users go to the self-service trial; do not schedule calls for them.`,
    },
    {
      title: 'Discounts and quotes',
      body: `Quotes use the 2026 price list. The agent may propose up to 10 percent for annual prepayment and up to 15 percent for nonprofits and schools with proof of status. Multi-year deals, discounts above 15 percent and custom terms are prepared as a task for Ada Lovelace. Every quote states the currency, the number of seats, the term, and that prices exclude VAT.`,
    },
    {
      title: 'Follow-up cadence',
      body: `Follow up three working days after a proposal, then after one week, then after two weeks. After that, set a reminder for the date the customer named, or for one month later, and stop. Never follow up more than once in a week, and never on a weekend in the customer's timezone.`,
    },
  ],
  agt_ops: [
    {
      title: 'Incident response basics',
      body: `When monitoring or a customer report points to an outage, open a task tagged "incident", post in #incidents, and draft a status page update for approval within 15 minutes. Keep a timeline in the task notes: what was seen, when, and what was changed. Do not restart production services or roll back deployments yourself; propose the step and wait for approval.`,
    },
    {
      title: 'Backups',
      body: `Nightly backups of the production database and the file store must complete by 05:00 Europe/Berlin. The daily backup check confirms the size is within 10 percent of the previous day, the restore test of the sample project succeeded, and the encryption key in use is the current one. Anything else is reported as an incident.`,
    },
    {
      title: 'Access requests',
      body: `Access to production systems is granted per person, for a stated purpose and a stated time, and only after approval by Ada Lovelace. Remove access of people who leave on their last working day. The monthly access review compares the list of accounts with the staff list and flags every difference.`,
    },
  ],
  agt_research: [
    {
      title: 'Literature review method',
      body: `Search the research portal and the preprint server for the last twelve months. Keep papers that report original measurements; set aside reviews and opinion pieces unless asked. For each paper note the cell chemistry, the test conditions, the sample size and the main finding in two sentences. End with what the papers disagree on.`,
    },
    {
      title: 'Citing sources',
      body: `Cite every claim with author, year, title and DOI. Mark preprints as "preprint". If two sources disagree, cite both and say which conditions differ. Never cite a source you could not open.`,
    },
    {
      title: 'Handling lab data',
      body: `Read lab data only from the lab data store, never from copies in email or chat. Report units explicitly and keep the precision of the instrument. Flag outliers in a note instead of removing them.`,
    },
  ],
};

const COMPANY_HANDBOOKS: Record<string, SectionSeed[]> = {
  org_acme: [
    {
      title: 'About Acme',
      body: `Acme Corp makes scheduling and workflow software for small and mid-sized companies. We are 140 people, based in Berlin with a team in Amsterdam, and we have served customers since 2014. Our teams: Customer Support, Sales and Operations work in this service, each with its own agent.`,
    },
    { title: 'Communication standards', body: ACME_COMMUNICATION },
    {
      title: 'Privacy and customer data',
      body: `We process customer data in our data centres in Frankfurt and Dublin only. The data processing agreement, the list of subprocessors and the security whitepaper are in the knowledge sources; send links, not attachments. Deletion requests are carried out within 30 days and confirmed in writing.`,
    },
    {
      title: 'Working hours and holidays',
      body: `Support is staffed Monday to Friday, 08:00 to 18:00 Europe/Berlin, except on public holidays in Berlin. Outside those hours, only Sev 1 incidents page the on-call engineer. Agents keep working around the clock but do not send customer emails between 22:00 and 07:00 in the customer's timezone; they schedule them instead.`,
    },
  ],
  org_globex: [
    {
      title: 'About Globex Research',
      body: `Globex Research studies battery safety and degradation for industrial partners. The team is small; Ada Lovelace leads it. The Research workspace holds all our tasks, and its agent prepares literature reviews, data summaries and reports.`,
    },
    { title: 'Research ethics and data integrity', body: GLOBEX_RESEARCH_ETHICS },
    {
      title: 'Publication approvals',
      body: `Anything that leaves Globex (papers, posters, talks, blog posts, datasets) needs approval from the project lead and, for sponsored projects, written approval from the sponsor. Allow ten working days. The agent may draft, but never submits or publishes.`,
    },
  ],
};

// ---- Tasks ----------------------------------------------------------------------------------------

/** Someone outside the company: `address` is their email address or chat handle, and their author id. */
interface Contact {
  name: string;
  address: string;
}

type Speaker = Login | 'agent' | 'contact';

interface ThreadSeed {
  channel: 'email' | 'chat';
  key: string;
  subject: string;
  contact: Contact;
  /** The message that started the thread (before the task existed), then the replies that followed. */
  messages: [Speaker, string][];
}

interface ActionSeed {
  id: string;
  kind: PendingKind;
  summary: string;
  draft: Record<string, unknown>;
  resolved?: {
    state: 'approved' | 'rejected' | 'completed' | 'answered';
    by: Login;
    /** The reason (rejected), note (completed) or answer (answered). */
    text?: string;
    /** What the service did once an action was approved (the action.executed event). */
    executed?: string;
  };
}

interface RunSeed {
  id: string;
  output: string;
  failed?: boolean;
  action?: ActionSeed;
  /** The agent's line in the task chat once the run finished. */
  chat?: string;
  /** The run was started by this reminder firing. */
  firedReminder?: { id: string; message: string };
}

interface TaskSeed {
  id: string;
  title: string;
  description: string;
  status: StatusKey;
  who?: Login[];
  tags?: string[];
  /** Hours before startMs that the task was created. */
  age: number;
  /** Due date, in days from startMs (negative: overdue). */
  due?: number;
  /** Who created it; a task with a thread is created by the agent from that thread. */
  by?: Login;
  thread?: ThreadSeed;
  notes?: [Login, string][];
  chat?: [Login | 'agent', string][];
  runs?: RunSeed[];
  /** Reminders still ahead: in hours from startMs. */
  reminders?: { id: string; message: string; inHours: number }[];
  /** Created by this scheduled task, whose run started at once and moved the task along. */
  scheduledTaskId?: string;
}

const C = {
  maria: { name: 'Maria Gonzalez', address: 'maria.gonzalez@brightlane.example' },
  tom: { name: 'Tom Becker', address: 'tom.becker@nordwerk.example' },
  priya: { name: 'Priya Raman', address: 'priya@fernhill.example' },
  lucas: { name: 'Lucas Moreau', address: 'lucas.moreau@atelier-vert.example' },
  hannah: { name: 'Hannah Schulz', address: 'h.schulz@kanzlei-schulz.example' },
  kenji: { name: 'Kenji Watanabe', address: 'kenji@orbitlabs.example' },
  sofia: { name: 'Sofia Rossi', address: 'sofia.rossi@trattoria-rossi.example' },
  daniel: { name: 'Daniel Kim', address: 'daniel.kim@pinecrest.example' },
  amara: { name: 'Amara Nwosu', address: 'amara@lumenhealth.example' },
  jonas: { name: 'Jonas Lindqvist', address: 'jonas@fjordtech.example' },
  grace: { name: 'Grace Liu', address: 'grace.liu@meridianbank.example' },
  oliver: { name: 'Oliver Hughes', address: 'oliver@hughes-partners.example' },
  widget: { name: 'Lena Vogt', address: 'chat-visitor:lena.vogt' },
  noah: { name: 'Noah Fischer', address: 'chat-visitor:noah.fischer' },
} satisfies Record<string, Contact>;

const SUPPORT_TASKS: TaskSeed[] = [
  // ---- To do
  {
    id: 'task_s001',
    title: 'Cannot log in after password reset',
    status: 'todo',
    tags: ['bug', 'login'],
    age: 5,
    description:
      'Lena Vogt reset her password from the sign-in page and now gets "invalid credentials" with the new password. She is the only admin of her workspace.',
    thread: {
      channel: 'chat',
      key: 'chat:#support-widget:1716890000.001200',
      subject: 'Login not working after reset',
      contact: C.widget,
      messages: [
        ['contact', 'Hi, I reset my password 10 minutes ago and the new one does not work. It says invalid credentials.'],
        [
          'agent',
          'Sorry about that, Lena. Did the reset email come from no-reply@acme.example, and did you open the newest link if you received more than one?',
        ],
        ['contact', 'I clicked reset twice, so maybe I used the first link? I am the only admin, nobody else can help me.'],
      ],
    },
  },
  {
    id: 'task_s002',
    title: 'Export to CSV drops non-ASCII characters',
    status: 'todo',
    who: ['ben'],
    tags: ['bug'],
    age: 20,
    due: 5,
    by: 'ben',
    description:
      'Names with umlauts and accents (Müller, François) come out as question marks in the CSV export of the contacts list. Reported by two customers this week; the XLSX export is fine.',
  },
  {
    id: 'task_s003',
    title: 'Add three seats to the Nordwerk team plan',
    status: 'todo',
    tags: ['billing', 'sales-assist'],
    age: 8,
    due: 2,
    description: 'Tom Becker wants three more seats on the Team plan from the first of next month, billed on the existing invoice cycle.',
    thread: {
      channel: 'email',
      key: 'email:CAF3n9x@mail.nordwerk.example',
      subject: 'Three more seats for our team',
      contact: C.tom,
      messages: [
        [
          'contact',
          'Hello,\n\nwe are hiring three people in logistics planning and need three more seats on our Team plan from the 1st of next month. Can you add them to our existing billing cycle? Our customer number is NW-2291.\n\nThanks,\nTom Becker\nNordwerk GmbH',
        ],
      ],
    },
  },
  {
    id: 'task_s004',
    title: 'Question about data retention for deleted projects',
    status: 'todo',
    tags: ['compliance'],
    age: 26,
    by: 'ada',
    description:
      'A customer asks how long we keep the data of a project after it is deleted, and whether backups are included. Answer from the privacy entry of the company handbook.',
  },
  {
    id: 'task_s005',
    title: 'Onboarding call request for Fernhill Studio',
    status: 'todo',
    who: ['ada'],
    tags: ['onboarding'],
    age: 30,
    due: 3,
    by: 'ada',
    description:
      'Priya Raman signed up for the Business plan and asks for a 45-minute onboarding call for her team of twelve, preferably Tuesday or Wednesday afternoon.',
  },
  {
    id: 'task_s006',
    title: 'Webhook deliveries delayed by several minutes',
    status: 'todo',
    tags: ['bug', 'integrations', 'urgent'],
    age: 2,
    due: 1,
    by: 'ben',
    description:
      'Several customers report that webhooks for task updates arrive 5 to 12 minutes late since this morning. Could be a queue backlog; check the delivery logs before answering.',
  },
  {
    id: 'task_s007',
    title: 'Invoice address needs to be changed to the new office',
    status: 'todo',
    tags: ['billing'],
    age: 12,
    by: 'ben',
    description:
      'Kanzlei Schulz moved to Friedrichstraße 68, 10117 Berlin. Future invoices should show the new address; the last invoice does not need to be reissued.',
  },
  {
    id: 'task_s008',
    title: 'Feature request: dark mode for the mobile app',
    status: 'todo',
    tags: ['feature-request', 'mobile'],
    age: 50,
    by: 'ben',
    description:
      'Third request this month. Collect the customer names and pass them to product; reply that it is on the list without promising a date.',
  },
  {
    id: 'task_s009',
    title: 'Two-factor codes not arriving by SMS',
    status: 'todo',
    who: ['ben'],
    tags: ['bug', 'login', 'urgent'],
    age: 1.5,
    due: 0.5,
    description: 'Noah Fischer does not receive SMS codes since yesterday evening. Check the SMS provider status before anything else.',
    thread: {
      channel: 'chat',
      key: 'chat:#support-widget:1716893310.004500',
      subject: 'No SMS code',
      contact: C.noah,
      messages: [
        ['contact', "I'm not getting the SMS code to sign in. Tried 5 times. Number ends in 4471."],
        [
          'agent',
          'Thanks, Noah. I am checking with our SMS provider now. In the meantime, do you have the authenticator app set up as a second method?',
        ],
        ['contact', 'No, only SMS. I need to get into my account today, we have a deadline.'],
      ],
    },
  },
  {
    id: 'task_s010',
    title: 'VAT ID missing on the last two invoices',
    status: 'todo',
    tags: ['billing'],
    age: 40,
    due: -1,
    by: 'ada',
    description:
      'Atelier Vert needs their VAT ID FR 40 303265045 on invoices INV-20188 and INV-20377 for their accountant. Reissue both with the ID.',
  },
  {
    id: 'task_s011',
    title: 'How to transfer workspace ownership to a new admin',
    status: 'todo',
    tags: ['how-to'],
    age: 18,
    by: 'ben',
    description: 'The current owner at Pinecrest is leaving the company and wants to hand over ownership before her last day on Friday.',
  },
  {
    id: 'task_s012',
    title: 'Calendar sync shows events one hour off',
    status: 'todo',
    tags: ['bug', 'integrations'],
    age: 70,
    by: 'ben',
    description:
      'Since the clocks changed, events synced to Google Calendar appear one hour late for a customer in Lisbon. Possibly the timezone of the calendar rather than ours.',
  },
  {
    id: 'task_s013',
    title: 'Request for a copy of the signed DPA',
    status: 'todo',
    who: ['ada'],
    tags: ['compliance', 'legal'],
    age: 28,
    due: 4,
    by: 'ada',
    description: 'Meridian Bank procurement asks for the countersigned data processing agreement from last year for their vendor audit.',
  },
  {
    id: 'task_s014',
    title: 'Bulk import of 2,000 contacts stalls at 80%',
    status: 'todo',
    tags: ['bug'],
    age: 9,
    by: 'ben',
    description:
      'The progress bar stops at 80% and the import never finishes. The customer retried twice; the file is 1.8 MB, UTF-8, 14 columns.',
  },
  {
    id: 'task_s015',
    title: 'Nonprofit discount application from Lumen Health',
    status: 'todo',
    tags: ['billing', 'sales-assist'],
    age: 33,
    description:
      'Lumen Health is a registered charity and asks for the nonprofit discount on the Business plan. Proof of status is attached to the email.',
    thread: {
      channel: 'email',
      key: 'email:8d2e1f40@lumenhealth.example',
      subject: 'Nonprofit pricing',
      contact: C.amara,
      messages: [
        [
          'contact',
          'Dear Acme team,\n\nLumen Health is a registered charity (registration certificate attached). Do you offer a nonprofit discount on the Business plan? We would like to move our 25 coordinators over next month.\n\nKind regards,\nAmara Nwosu\nOperations Lead, Lumen Health',
        ],
      ],
    },
  },
  {
    id: 'task_s016',
    title: 'Slack notifications stopped after reinstall',
    status: 'todo',
    tags: ['integrations'],
    age: 4,
    by: 'ben',
    description:
      'After reinstalling the Slack app, no notifications arrive in #ops-alerts. The channel probably needs to be chosen again in the integration settings.',
  },
  {
    id: 'task_s017',
    title: 'Accessibility: screen reader skips the task board columns',
    status: 'todo',
    tags: ['bug', 'accessibility'],
    age: 60,
    due: 7,
    by: 'ada',
    description: 'With NVDA on Windows, the board columns are announced as "group" without their names, and the tasks inside are skipped.',
  },
  {
    id: 'task_s018',
    title: 'Customer asks whether we are SOC 2 compliant',
    status: 'todo',
    tags: ['compliance', 'sales-assist'],
    age: 15,
    by: 'ada',
    description:
      'A prospect asks for our SOC 2 report. We have ISO 27001; the SOC 2 Type II audit is under way. Answer with what we have and offer the security whitepaper.',
  },
  {
    id: 'task_s019',
    title: 'Cancel subscription at the end of the term (Orbit Labs)',
    status: 'todo',
    who: ['ada'],
    tags: ['billing', 'churn-risk'],
    age: 22,
    due: 6,
    description:
      'Kenji Watanabe wants to cancel at the end of the current annual term because the team moves to another tool. Worth asking why before confirming.',
    thread: {
      channel: 'email',
      key: 'email:20260419.kw@orbitlabs.example',
      subject: 'Cancellation at end of term',
      contact: C.kenji,
      messages: [
        [
          'contact',
          'Hi,\n\nplease cancel our subscription at the end of the current term. We are consolidating tools and will move to the suite our parent company uses. Please confirm the end date and how we can export our data.\n\nBest,\nKenji',
        ],
      ],
    },
  },
  {
    id: 'task_s020',
    title: 'Password policy: minimum length for the whole company',
    status: 'todo',
    tags: ['security', 'how-to'],
    age: 45,
    by: 'ben',
    description:
      'Fjordtech asks whether an admin can enforce a minimum password length of 14 characters for all members. Yes, under Security settings; send the help center link.',
  },

  // ---- In progress
  {
    id: 'task_s021',
    title: 'Refund request for duplicate charge on invoice INV-20431',
    status: 'in_progress',
    who: ['ada'],
    tags: ['billing', 'urgent'],
    age: 6,
    due: 1,
    description:
      'Maria Gonzalez (Brightlane Logistics) was charged twice for the April subscription: two card payments of 480.00 EUR on the same day for invoice INV-20431.',
    thread: {
      channel: 'email',
      key: 'email:CAK7p2a.9f@mail.brightlane.example',
      subject: 'Charged twice for April',
      contact: C.maria,
      messages: [
        [
          'contact',
          'Hello,\n\nour company card was charged twice for invoice INV-20431 (480.00 EUR each, both on 2 April). Please refund the second payment.\n\nThank you,\nMaria Gonzalez\nFinance, Brightlane Logistics',
        ],
        ['contact', 'Adding our card statement as a screenshot. Both charges say ACME CORP BERLIN.'],
      ],
    },
    chat: [
      ['ada', 'Is this the same payment processor glitch as last month, or a genuine double submit?'],
      [
        'agent',
        'It looks like a double submit: both payments have different transaction ids, 4 seconds apart, from the same browser session. Only one invoice exists, so the second payment should be refunded in full.',
      ],
    ],
    runs: [
      {
        id: 'run_s001',
        output:
          'Read the email thread "Charged twice for April" (2 messages) and the payment history of Brightlane Logistics.\nFound two card payments of 480.00 EUR for invoice INV-20431 on 2 April, 4 seconds apart; the invoice was paid once.\nThe refund policy allows a full refund of a duplicate charge to the original payment method.\nDrafted a reply to Maria Gonzalez confirming the refund; it waits for approval before it is sent.',
        chat: 'I drafted a reply to Maria confirming the refund of 480.00 EUR. It is waiting for approval under pending actions.',
        action: {
          id: 'act_s001',
          kind: 'action',
          summary: 'Send an email reply to Maria Gonzalez',
          draft: {
            to: 'maria.gonzalez@brightlane.example',
            subject: 'Re: Charged twice for April',
            body: 'Hi Maria,\n\nthank you for the screenshot. You are right: the April invoice INV-20431 was charged twice. I have refunded the second payment of 480.00 EUR to the same card; it will show on your statement within 5 to 10 working days.\n\nI am sorry for the trouble this caused your finance team.\n\nBest regards,\nAcme Customer Support',
          },
        },
      },
    ],
  },
  {
    id: 'task_s022',
    title: 'Reports page times out for large accounts',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug', 'performance'],
    age: 96,
    due: 2,
    by: 'ben',
    description:
      'The monthly report for accounts with more than 50,000 tasks times out after 30 seconds. Engineering has a fix in review; the workaround is to filter by quarter.',
    notes: [['ben', 'Engineering confirmed: the fix ships with the next release. Workaround sent to the two affected customers.']],
  },
  {
    id: 'task_s023',
    title: 'Migrate Pinecrest data from the legacy plan',
    status: 'in_progress',
    who: ['ada', 'ben'],
    tags: ['onboarding', 'migration'],
    age: 120,
    due: 3,
    description:
      'Pinecrest moves from the legacy Pro plan to Business. Their 14 projects, custom fields and automations need to be migrated over a weekend.',
    thread: {
      channel: 'email',
      key: 'email:migration-pinecrest-0412@pinecrest.example',
      subject: 'Moving to the Business plan',
      contact: C.daniel,
      messages: [
        [
          'contact',
          'Hi,\n\nwe signed the Business plan order form. When can you migrate our projects? A weekend would be best, we cannot stop work during the week.\n\nDaniel Kim\nIT Manager, Pinecrest',
        ],
        [
          'ben',
          'Hi Daniel,\n\nthanks for signing. We can migrate on the weekend of the 25th. I will send the checklist for your admins by Wednesday.\n\nBest regards,\nAcme Customer Support',
        ],
        ['contact', 'The 25th works. Please include the automations, those are the part we worry about.'],
      ],
    },
    notes: [
      [
        'ben',
        'Dry run on the staging copy went fine except for two automations that use the deprecated "on due date" trigger. They need to be rebuilt by hand.',
      ],
    ],
    runs: [
      {
        id: 'run_s002',
        output:
          'Read the email thread "Moving to the Business plan" (3 messages) and the note from the dry run.\nListed the 14 projects and 37 automations to migrate; 2 automations use the deprecated "on due date" trigger.\nDrafted an email to Daniel Kim confirming the weekend and the steps his admins need to take before Friday.',
        chat: 'I drafted the confirmation email for Daniel with the migration steps.',
        action: {
          id: 'act_s002',
          kind: 'action',
          summary: 'Send an email reply to Daniel Kim',
          draft: {
            to: 'daniel.kim@pinecrest.example',
            subject: 'Re: Moving to the Business plan',
            body: 'Hi Daniel,\n\nthe migration is booked for Saturday the 25th, starting at 08:00 Europe/Berlin. Before Friday evening, please ask your admins to finish open imports and to note which two automations use the "on due date" trigger; we will rebuild those together on Monday.\n\nBest regards,\nAcme Customer Support',
          },
          resolved: {
            state: 'approved',
            by: 'ben',
            executed: 'Sent email to daniel.kim@pinecrest.example: Re: Moving to the Business plan',
          },
        },
      },
      {
        id: 'run_s003',
        output:
          "Daniel confirmed the date. Two automations cannot be migrated automatically.\nThis needs a person: rebuild the two automations with Pinecrest's admin on a screen share on Monday.",
        chat: 'The two automations with the old trigger need a person: I added a task to rebuild them with Pinecrest on Monday.',
        action: {
          id: 'act_s003',
          kind: 'human_task',
          summary: 'Rebuild two automations with Pinecrest on a screen share',
          draft: {
            instructions:
              'Book 30 minutes with Pinecrest\'s admin on Monday, rebuild the automations "Overdue invoices" and "Contract renewals" with the new "due date reached" trigger, and test both with a sample task.',
          },
          resolved: { state: 'completed', by: 'ben', text: 'Rebuilt both with their admin; tests passed.' },
        },
      },
    ],
  },
  {
    id: 'task_s024',
    title: 'Chargeback dispute from Meridian Bank card',
    status: 'in_progress',
    who: ['ada'],
    tags: ['billing', 'urgent'],
    age: 48,
    due: -0.5,
    description:
      'Meridian Bank opened a chargeback of 2,400.00 EUR for the annual renewal, reason "not recognised". Their procurement had approved the renewal in writing; we have 7 days to respond to the card network.',
    thread: {
      channel: 'email',
      key: 'email:disp-88123@meridianbank.example',
      subject: 'Card dispute 88123',
      contact: C.grace,
      messages: [
        [
          'contact',
          'Dear Sir or Madam,\n\nwe have disputed a card transaction of 2,400.00 EUR to ACME CORP BERLIN dated 3 March, as the charge was not recognised by the cardholder. Please provide documentation if you believe the charge is valid.\n\nGrace Liu\nCard Services, Meridian Bank',
        ],
      ],
    },
    notes: [
      ['ada', 'Procurement approved the renewal by email on 20 February (attached to the account). The card holder was probably not told.'],
    ],
    runs: [
      {
        id: 'run_s004',
        output:
          'Read the dispute email and the renewal approval of 20 February.\nThe charge matches a renewal approved in writing by Meridian Bank procurement.\nI need a decision before going further: contest the chargeback with the approval as evidence, or accept it and invoice again.',
        chat: 'I need a decision on the chargeback; the question is under pending actions.',
        action: {
          id: 'act_s004',
          kind: 'question',
          summary: 'Contest the chargeback or accept it?',
          draft: {
            question:
              "Meridian Bank disputed the 2,400.00 EUR renewal charge. Should I contest the chargeback with procurement's written approval, or accept it and send a new invoice for bank transfer?",
            options: [
              'Contest with the approval as evidence',
              'Accept and invoice for bank transfer',
              'Ask procurement to withdraw the dispute first',
            ],
          },
        },
      },
    ],
  },
  {
    id: 'task_s025',
    title: 'SSO setup with Azure AD for Hughes & Partners',
    status: 'in_progress',
    who: ['ben'],
    tags: ['onboarding', 'sso'],
    age: 72,
    due: 5,
    description:
      'Hughes & Partners want single sign-on through Azure AD for 60 users. The SAML assertion arrives but users land on "no workspace access".',
    thread: {
      channel: 'email',
      key: 'email:hp-it-2231@hughes-partners.example',
      subject: 'SSO with Azure AD',
      contact: C.oliver,
      messages: [
        [
          'contact',
          'Hi,\n\nwe configured the SAML app as per your guide. Sign-in works but every user sees "no workspace access". What did we miss?\n\nOliver Hughes',
        ],
        [
          'ben',
          'Hi Oliver,\n\nthe group claim is probably missing. Could you send a screenshot of the "Attributes & Claims" page of the enterprise app?\n\nBest regards,\nAcme Customer Support',
        ],
        ['contact', 'Screenshot attached. We only have email and name in there.'],
      ],
    },
    runs: [
      {
        id: 'run_s005',
        output:
          'Read the SSO thread (3 messages) and the SSO guide.\nThe screenshot shows no "groups" claim, which our workspace mapping needs.\nThis needs a person: a short screen share with their IT admin is quicker than another round of emails.',
        chat: "I suggest a screen share with Oliver's IT admin to add the group claim; it is under pending actions.",
        action: {
          id: 'act_s005',
          kind: 'human_task',
          summary: 'Call Oliver Hughes back to fix the group claim',
          draft: {
            instructions:
              'Call Oliver Hughes (Hughes & Partners) and walk their IT admin through adding the "groups" claim to the Azure AD enterprise app, then test the sign-in with one user from each group.',
          },
        },
      },
    ],
  },
  {
    id: 'task_s026',
    title: 'API rate limit errors during nightly sync',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug', 'integrations', 'api'],
    age: 36,
    by: 'ben',
    description:
      "Orbit Labs' nightly sync gets HTTP 429 after about 5,800 requests. Their client ignores Retry-After. Suggest batching and honouring the header.",
    runs: [
      {
        id: 'run_s012',
        failed: true,
        output:
          'Could not read the API gateway logs for Orbit Labs: the log service answered 503 Service Unavailable three times in a row.\nStopped before proposing anything; nothing was changed.',
        chat: 'I could not get at the gateway logs (the log service was unavailable), so I have nothing to propose yet. Ben, could you pull them when it is back?',
      },
    ],
    notes: [['ben', 'Their client sends about 100 requests per second at 02:00; the limit is 6,000 per minute per connection.']],
  },
  {
    id: 'task_s027',
    title: 'Translate the help center article on permissions into German',
    status: 'in_progress',
    who: ['ada'],
    tags: ['docs'],
    age: 110,
    due: 10,
    by: 'ada',
    description:
      'The permissions article was rewritten in English last month; the German version is outdated and customers quote it back to us.',
  },
  {
    id: 'task_s028',
    title: 'Trattoria Rossi: menu images not loading on the booking page',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug'],
    age: 30,
    description: 'Images uploaded to the public booking page show as broken links since Sofia replaced them on Monday.',
    thread: {
      channel: 'chat',
      key: 'chat:#shared-trattoria-rossi:1716700000.000100',
      subject: 'Booking page images',
      contact: C.sofia,
      messages: [
        ['contact', 'Ciao! The photos on our booking page are broken since I uploaded the new menu on Monday.'],
        ['ben', 'Ciao Sofia, I can reproduce it. Were the new photos HEIC files from an iPhone by any chance?'],
        ['contact', 'Yes, straight from my phone.'],
      ],
    },
    notes: [['ben', 'HEIC uploads are accepted but not converted for the public page. Bug filed; workaround is to export as JPEG.']],
  },
  {
    id: 'task_s029',
    title: 'Investigate login anomalies flagged for Fjordtech',
    status: 'in_progress',
    who: ['ada'],
    tags: ['security', 'urgent'],
    age: 10,
    due: 1,
    by: 'ada',
    description:
      'Monitoring flagged 40 failed sign-ins in 10 minutes for jonas@fjordtech.example from two countries, followed by one success. Decide whether to lock the account.',
    chat: [
      ['ada', 'Can you check whether the successful sign-in came from a known device?'],
      [
        'agent',
        'The successful sign-in came from a new device in Oslo, where Jonas usually signs in, 20 minutes after the failures from abroad. It used two-factor authentication.',
      ],
    ],
    runs: [
      {
        id: 'run_s006',
        output:
          'Checked the sign-in log of jonas@fjordtech.example for the last 7 days.\n40 failed attempts from two foreign IP ranges, then one successful sign-in from Oslo with two-factor authentication on a new device.\nThe pattern fits password spraying that failed at the second factor. I need a decision before going further.',
        chat: 'I need your decision: lock the account, or only force a password reset? The question is under pending actions.',
        action: {
          id: 'act_s006',
          kind: 'question',
          summary: 'Lock the Fjordtech account or force a password reset?',
          draft: {
            question:
              'Should I lock jonas@fjordtech.example until Jonas confirms the new device, or only force a password reset at the next sign-in?',
            options: ['Lock the account', 'Force a password reset', 'No action, keep monitoring'],
          },
        },
      },
    ],
  },
  {
    id: 'task_s030',
    title: 'Prorated credit for the downgrade in February',
    status: 'in_progress',
    who: ['ada'],
    tags: ['billing'],
    age: 55,
    by: 'ada',
    description:
      'Brightlane downgraded from 40 to 30 seats on 12 February. The credit of 10 seats for the rest of the term was not applied to the March invoice.',
  },
  {
    id: 'task_s031',
    title: 'Custom fields disappear after editing a template',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug'],
    age: 80,
    by: 'ben',
    description:
      'When a project template is edited, custom fields of type "dropdown" are removed from projects created from it. Reproduced on staging; engineering ticket ENG-4471.',
  },
  {
    id: 'task_s032',
    title: 'Set up shared inbox routing for the Nordwerk support team',
    status: 'in_progress',
    who: ['ada', 'ben'],
    tags: ['onboarding'],
    age: 44,
    due: 2,
    by: 'ada',
    description:
      'Nordwerk wants emails to support@nordwerk.example to create tasks in their Support workspace, routed by keyword to two teams.',
  },
  {
    id: 'task_s033',
    title: 'Duplicate tasks created by the email integration',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug', 'integrations'],
    age: 26,
    by: 'ben',
    description: 'Replies to the same thread create a new task instead of adding to the existing one when the subject line changes.',
  },
  {
    id: 'task_s034',
    title: 'Kanzlei Schulz asks where their data is processed',
    status: 'in_progress',
    who: ['ada'],
    tags: ['compliance', 'legal'],
    age: 60,
    due: 3,
    description:
      "The law firm needs a written statement of the processing locations and subprocessors for their clients' data protection audit.",
    thread: {
      channel: 'email',
      key: 'email:ks-2026-117@kanzlei-schulz.example',
      subject: 'Verarbeitungsorte / processing locations',
      contact: C.hannah,
      messages: [
        [
          'contact',
          'Sehr geehrte Damen und Herren,\n\nfür ein Datenschutz-Audit benötigen wir eine schriftliche Bestätigung, in welchen Ländern unsere Daten verarbeitet werden, sowie die aktuelle Liste der Unterauftragsverarbeiter.\n\nMit freundlichen Grüßen\nHannah Schulz',
        ],
      ],
    },
    runs: [
      {
        id: 'run_s007',
        output:
          'Read the email (German) and the privacy entry of the company handbook.\nProcessing happens in Frankfurt and Dublin; the subprocessor list is in the knowledge sources.\nI need to know whether the statement should be signed by a person, as the customer asked for a written confirmation.',
        chat: 'One question before I draft the reply to Kanzlei Schulz: is a signed statement needed?',
        action: {
          id: 'act_s007',
          kind: 'question',
          summary: 'Does the statement for Kanzlei Schulz need a signature?',
          draft: {
            question:
              'Kanzlei Schulz asks for a written confirmation of the processing locations. Is the email itself enough, or should a signed PDF be attached?',
            options: ['The email is enough', 'Attach a signed PDF'],
          },
          resolved: { state: 'answered', by: 'ada', text: 'The email is enough; link the subprocessor list and reply in German.' },
        },
      },
      {
        id: 'run_s008',
        output:
          'Ada answered that the email is enough.\nDrafted a reply in German to Hannah Schulz with the processing locations (Frankfurt, Dublin) and a link to the subprocessor list; it waits for approval.',
        chat: 'I drafted the reply in German. It is waiting for approval.',
        action: {
          id: 'act_s008',
          kind: 'action',
          summary: 'Send an email reply to Hannah Schulz',
          draft: {
            to: 'h.schulz@kanzlei-schulz.example',
            subject: 'Re: Verarbeitungsorte / processing locations',
            body: 'Sehr geehrte Frau Schulz,\n\nwir bestätigen Ihnen gern, dass Ihre Daten ausschließlich in unseren Rechenzentren in Frankfurt am Main (Deutschland) und Dublin (Irland) verarbeitet werden. Die aktuelle Liste unserer Unterauftragsverarbeiter finden Sie hier: https://acme.example/legal/subprocessors\n\nMit freundlichen Grüßen\nAcme Customer Support',
          },
        },
      },
    ],
  },
  {
    id: 'task_s035',
    title: 'Mobile app crashes when attaching photos on Android 15',
    status: 'in_progress',
    who: ['ben'],
    tags: ['bug', 'mobile'],
    age: 40,
    by: 'ben',
    description:
      'The app closes when a photo is attached from the gallery on Android 15 (Pixel 8, Galaxy S24). Taking a photo with the camera works.',
  },
  {
    id: 'task_s036',
    title: 'Update the onboarding checklist with the new SSO steps',
    status: 'in_progress',
    who: ['ada'],
    tags: ['docs', 'onboarding'],
    age: 150,
    by: 'ada',
    description:
      'The enterprise onboarding checklist still describes the old SSO screen. Add the group claim step that trips up most customers.',
  },
  {
    id: 'task_s037',
    title: 'Annual plan renewal quote for Atelier Vert',
    status: 'in_progress',
    who: ['ada'],
    tags: ['billing', 'sales-assist'],
    age: 34,
    due: 4,
    description: 'Lucas Moreau wants a quote for renewing 18 seats on the annual Business plan, and asks whether the price will change.',
    thread: {
      channel: 'email',
      key: 'email:lm-renewal@atelier-vert.example',
      subject: 'Renewal quote 2026',
      contact: C.lucas,
      messages: [
        [
          'contact',
          'Bonjour,\n\nour annual plan renews next month. Could you send a quote for 18 seats on the Business plan? Will the price change compared with last year?\n\nMerci,\nLucas Moreau',
        ],
      ],
    },
    runs: [
      {
        id: 'run_s009',
        output:
          'Read the email and the 2026 price list.\n18 seats on the annual Business plan: 18 x 16.00 EUR x 12 = 3,456.00 EUR excluding VAT, unchanged from last year.\nDrafted a reply with the quote; it waits for approval.',
        action: {
          id: 'act_s009',
          kind: 'action',
          summary: 'Send the renewal quote to Lucas Moreau',
          draft: {
            to: 'lucas.moreau@atelier-vert.example',
            subject: 'Re: Renewal quote 2026',
            body: 'Bonjour Lucas,\n\nhere is your renewal quote: 18 seats on the annual Business plan, 3,456.00 EUR excluding VAT, the same price as last year.\n\nBest regards,\nAcme Customer Support',
          },
          resolved: {
            state: 'rejected',
            by: 'ada',
            text: 'Wait: the new price list applies from next month. I will prepare the quote myself.',
          },
        },
        chat: 'I drafted the renewal quote for Lucas; it needs approval.',
      },
    ],
  },

  // ---- Waiting
  {
    id: 'task_s038',
    title: 'Waiting for logs: sync errors at Orbit Labs',
    status: 'waiting',
    who: ['ben'],
    tags: ['bug', 'integrations'],
    age: 100,
    by: 'ben',
    description:
      'Asked Kenji for the client logs of the failed nightly syncs between the 10th and the 14th. Nothing to do until they arrive.',
    notes: [['ben', 'Sent the request for logs on Tuesday with instructions for the debug flag.']],
  },
  {
    id: 'task_s039',
    title: 'Awaiting purchase order number from Meridian Bank',
    status: 'waiting',
    who: ['ada'],
    tags: ['billing'],
    age: 130,
    due: 7,
    by: 'ada',
    description: 'Meridian Bank cannot pay invoice INV-20299 without a PO number on it. Procurement promised to send one.',
    reminders: [{ id: 'rem_s001', message: 'Ask Meridian Bank procurement for the PO number again', inHours: 26 }],
  },
  {
    id: 'task_s040',
    title: 'Customer to confirm the fix for the PDF export',
    status: 'waiting',
    who: ['ben'],
    tags: ['bug'],
    age: 90,
    by: 'ben',
    description:
      'The fix for cut-off tables in PDF exports was released on Monday. Waiting for Hughes & Partners to confirm that their weekly report looks right.',
  },
  {
    id: 'task_s041',
    title: 'Payment retried: waiting for bank confirmation',
    status: 'waiting',
    who: ['ada'],
    tags: ['billing'],
    age: 70,
    due: 1,
    by: 'ada',
    description:
      'The SEPA direct debit for Nordwerk\'s March invoice bounced ("account closed"). They gave us new bank details; the retry is pending.',
    reminders: [{ id: 'rem_s002', message: 'Check whether the SEPA retry for Nordwerk went through', inHours: 4 }],
  },
  {
    id: 'task_s042',
    title: 'Lumen Health legal review of the BAA',
    status: 'waiting',
    who: ['ada'],
    tags: ['compliance', 'legal'],
    age: 200,
    due: 14,
    description: "Lumen Health's counsel is reviewing our business associate agreement before they move patient coordination into Acme.",
    thread: {
      channel: 'email',
      key: 'email:baa-review-lh@lumenhealth.example',
      subject: 'BAA review',
      contact: C.amara,
      messages: [
        ['contact', 'Hello,\n\nour counsel would like to review your BAA before we sign. Could you send the current version?\n\nAmara'],
        [
          'ada',
          'Hi Amara,\n\nhere is the current BAA. Take the time you need; we are happy to set up a call with our legal team if questions come up.\n\nBest regards,\nAcme Customer Support',
        ],
        ['contact', 'Thank you. Counsel expects to get back to us within two weeks.'],
      ],
    },
  },
  {
    id: 'task_s043',
    title: 'Beta feature flag enabled: waiting for feedback',
    status: 'waiting',
    who: ['ben'],
    tags: ['beta'],
    age: 160,
    due: 5,
    by: 'ben',
    description: 'Enabled the new timeline view for Fernhill Studio as beta testers. They promised feedback after two weeks of use.',
  },
  {
    id: 'task_s044',
    title: "Password policy change needs the customer admin's approval",
    status: 'waiting',
    tags: ['security'],
    age: 85,
    by: 'ada',
    description:
      'A member of Pinecrest asked us to relax the password policy. Only their workspace admin can approve that; we asked Daniel Kim.',
  },
  {
    id: 'task_s045',
    title: 'Vendor ticket open with the SMS provider',
    status: 'waiting',
    who: ['ben'],
    tags: ['bug', 'login', 'vendor'],
    age: 50,
    by: 'ben',
    description:
      'Opened ticket #55120 with the SMS provider about delayed delivery to German mobile numbers. They are investigating a routing issue with one carrier.',
  },
  {
    id: 'task_s046',
    title: 'Waiting for Fernhill to share their brand assets',
    status: 'waiting',
    who: ['ada'],
    tags: ['onboarding'],
    age: 110,
    by: 'ada',
    description:
      "To brand their client portal we need Fernhill's logo (SVG) and colour codes. Priya will send them after their rebrand is final.",
    reminders: [{ id: 'rem_s003', message: 'Ask Priya whether the brand assets are ready', inHours: 50 }],
  },
  {
    id: 'task_s047',
    title: 'Refund issued: confirming it arrived (Sofia Rossi)',
    status: 'waiting',
    who: ['ada'],
    tags: ['billing'],
    age: 140,
    description: 'We refunded 96.00 EUR for the unused March seats to Trattoria Rossi. Confirm with Sofia that it arrived before closing.',
    thread: {
      channel: 'email',
      key: 'email:sr-refund-0311@trattoria-rossi.example',
      subject: 'Refund for March',
      contact: C.sofia,
      messages: [
        ['contact', 'Buongiorno, we removed two seats in March but were still charged for them. Can we get that back?'],
        [
          'ada',
          'Hi Sofia,\n\nyou are right, sorry about that. We have refunded 96.00 EUR to your card today.\n\nBest regards,\nAcme Customer Support',
        ],
      ],
    },
    runs: [
      {
        id: 'run_s010',
        firedReminder: { id: 'rem_s004', message: 'Check that the 96.00 EUR refund reached Trattoria Rossi' },
        output:
          'Woken by the reminder "Check that the 96.00 EUR refund reached Trattoria Rossi".\nThe refund shows as paid out on our side; only Sofia can see whether it reached her card.\nThis needs a person: a short call is quicker than an email for this customer.',
        chat: 'The reminder fired. Could someone check with Sofia that the refund arrived? I added a task for it.',
        action: {
          id: 'act_s010',
          kind: 'human_task',
          summary: 'Ask Sofia Rossi whether the refund arrived',
          draft: {
            instructions:
              'Call Trattoria Rossi (Sofia Rossi) between 15:00 and 17:00, when the restaurant is quiet, and ask whether the 96.00 EUR refund from the 11th shows on their card statement. If it does, mark this task done.',
          },
        },
      },
    ],
  },
  {
    id: 'task_s048',
    title: 'Engineering estimate for the audit log export',
    status: 'waiting',
    tags: ['feature-request'],
    age: 300,
    by: 'ada',
    description:
      'Meridian Bank and Fjordtech both need to export the audit log for their auditors. Waiting for engineering to estimate the work before we answer.',
  },
  {
    id: 'task_s049',
    title: 'Customer on holiday: follow up on seat cleanup next week',
    status: 'waiting',
    who: ['ben'],
    tags: ['billing'],
    age: 180,
    due: 6,
    by: 'ben',
    description:
      'Hughes & Partners have 12 inactive seats. Oliver is on holiday until the 28th and will decide which accounts to remove when he is back.',
    reminders: [{ id: 'rem_s005', message: 'Oliver is back: ask which inactive seats to remove', inHours: 140 }],
  },

  // ---- Done
  {
    id: 'task_s050',
    title: 'Reset two-factor authentication for Jonas Lindqvist',
    status: 'done',
    who: ['ben'],
    tags: ['security', 'login'],
    age: 400,
    by: 'ben',
    description:
      'Jonas lost his phone. Identity confirmed by email from the registered address and a call-back; two-factor reset and re-enrolled.',
    notes: [['ben', 'Identity confirmed via the registered email and a call-back to the number on the contract.']],
  },
  {
    id: 'task_s051',
    title: 'Explain the difference between Viewer and Guest roles',
    status: 'done',
    who: ['ada'],
    tags: ['how-to'],
    age: 350,
    by: 'ada',
    description:
      'Answered with the roles table from the help center: guests see only the projects they are invited to; viewers see every project in the workspace without editing.',
  },
  {
    id: 'task_s052',
    title: 'Wrong currency on the Brightlane invoice',
    status: 'done',
    who: ['ada'],
    tags: ['billing'],
    age: 500,
    due: -15,
    by: 'ada',
    description: 'Invoice INV-19807 was issued in USD instead of EUR. Cancelled and reissued in EUR.',
  },
  {
    id: 'task_s053',
    title: 'Email notifications marked as spam by Outlook',
    status: 'done',
    who: ['ben'],
    tags: ['bug', 'email'],
    age: 450,
    by: 'ben',
    description: 'Our DKIM key rotation left the old selector in DNS. Fixed by Operations; deliverability back to normal.',
  },
  {
    id: 'task_s054',
    title: 'Onboarding session for Pinecrest admins',
    status: 'done',
    who: ['ada', 'ben'],
    tags: ['onboarding'],
    age: 600,
    by: 'ada',
    description: 'Ran a 60-minute session for four admins: workspaces, permissions, automations. Recording shared.',
  },
  {
    id: 'task_s055',
    title: 'Restore an accidentally deleted project',
    status: 'done',
    who: ['ben'],
    tags: ['data-recovery', 'urgent'],
    age: 300,
    due: -11,
    by: 'ben',
    description: 'Fernhill deleted the project "Spring campaign" by mistake. Restored from the nightly backup; no data lost after 02:00.',
    runs: [
      {
        id: 'run_s011',
        output:
          'Found the project "Spring campaign" in the nightly backup of 02:00; 212 tasks and 38 files.\nRestoring a project needs a person with production access.',
        action: {
          id: 'act_s011',
          kind: 'human_task',
          summary: 'Restore the "Spring campaign" project from the backup',
          draft: {
            instructions:
              'Restore the project "Spring campaign" for Fernhill Studio from the 02:00 backup using the restore tool, then ask Priya to check the last tasks she edited.',
          },
          resolved: { state: 'completed', by: 'ben', text: 'Restored; Priya confirmed everything is there.' },
        },
        chat: "The project is in last night's backup. Restoring it needs a person with production access; I added the task.",
      },
    ],
  },
  {
    id: 'task_s056',
    title: 'Update the credit card on file for Orbit Labs',
    status: 'done',
    who: ['ada'],
    tags: ['billing'],
    age: 320,
    by: 'ada',
    description: 'Sent the secure link to update the card; the customer updated it and the failed invoice was paid.',
  },
  {
    id: 'task_s057',
    title: 'Zapier trigger not firing for new tasks',
    status: 'done',
    who: ['ben'],
    tags: ['integrations', 'bug'],
    age: 520,
    by: 'ben',
    description: 'The Zap was connected to an archived workspace. Reconnected to the right workspace with the customer.',
  },
  {
    id: 'task_s058',
    title: 'Provide the security questionnaire for Meridian Bank',
    status: 'done',
    who: ['ada'],
    tags: ['compliance', 'security'],
    age: 700,
    by: 'ada',
    description: 'Filled in their 180-question vendor security questionnaire with Operations; sent with the ISO 27001 certificate.',
  },
  {
    id: 'task_s059',
    title: 'Merge two duplicate accounts for Hughes & Partners',
    status: 'done',
    who: ['ben'],
    tags: ['account'],
    age: 380,
    by: 'ben',
    description: 'Two accounts had been created with oliver@ and o.hughes@. Merged into one; projects and history kept.',
  },
  {
    id: 'task_s060',
    title: 'Search does not find tasks by tag',
    status: 'done',
    who: ['ben'],
    tags: ['bug'],
    age: 480,
    by: 'ben',
    description: 'Search only matched titles and descriptions. Explained the tag filter on the board; product noted the request.',
  },
  {
    id: 'task_s061',
    title: 'Rename the workspace for Kanzlei Schulz',
    status: 'done',
    who: ['ada'],
    tags: ['account', 'how-to'],
    age: 260,
    by: 'ada',
    description: 'Explained how an admin renames a workspace under Settings > General; done by the customer.',
  },
  {
    id: 'task_s062',
    title: 'Tax-exempt status for Lumen Health',
    status: 'done',
    who: ['ada'],
    tags: ['billing'],
    age: 650,
    by: 'ada',
    description: 'Recorded the charity exemption certificate; future invoices are issued without VAT.',
  },
  {
    id: 'task_s063',
    title: 'Broken link in the welcome email',
    status: 'done',
    who: ['ben'],
    tags: ['bug', 'email'],
    age: 410,
    by: 'ben',
    description: 'The "Getting started" link in the welcome email pointed to the old help center. Template fixed.',
  },
  {
    id: 'task_s064',
    title: 'Help with the API key rotation',
    status: 'done',
    who: ['ada'],
    tags: ['api', 'security'],
    age: 280,
    by: 'ada',
    description: 'Walked Orbit Labs through creating a second key, switching their sync to it and revoking the old one without downtime.',
  },
  {
    id: 'task_s065',
    title: 'Refund the unused seats after the downgrade',
    status: 'done',
    who: ['ada'],
    tags: ['billing'],
    age: 550,
    due: -20,
    by: 'ada',
    description: "Credited 5 seats pro rata to Atelier Vert's next invoice, per the refund policy.",
  },
  {
    id: 'task_s066',
    title: 'Clarify the uptime SLA for the enterprise plan',
    status: 'done',
    who: ['ada'],
    tags: ['sales-assist'],
    age: 340,
    by: 'ada',
    description: 'Confirmed 99.9% monthly uptime with service credits, as in the enterprise terms.',
  },
  {
    id: 'task_s067',
    title: 'Timezone shown wrong in due date reminders',
    status: 'done',
    who: ['ben'],
    tags: ['bug'],
    age: 460,
    by: 'ben',
    description: "Reminder emails showed due dates in UTC. Fixed in the release of the 3rd; they now use the member's timezone.",
  },
];

const SALES_TASKS: TaskSeed[] = [
  {
    id: 'task_s101',
    title: 'Follow up with Brightlane on the enterprise proposal',
    status: 'in_progress',
    who: ['ada'],
    tags: ['enterprise', 'proposal'],
    age: 75,
    due: 2,
    description:
      'Brightlane Logistics received the enterprise proposal for 120 seats a week ago. No answer yet; follow up per the cadence.',
    thread: {
      channel: 'email',
      key: 'email:proposal-bl-120@acme.example',
      subject: 'Acme Enterprise proposal for Brightlane',
      contact: C.maria,
      messages: [
        [
          'ada',
          'Hi Maria,\n\nas promised, here is our proposal for 120 seats on the Enterprise plan, including SSO and the audit log. Happy to walk your team through it.\n\nBest regards,\nAcme Sales',
        ],
        ['contact', 'Thanks Ada, I have forwarded it to our CFO. We will come back to you.'],
      ],
    },
    runs: [
      {
        id: 'run_s101',
        output:
          'Read the proposal thread (2 messages). The proposal was sent 7 days ago; the follow-up cadence says to follow up now.\nDrafted a short follow-up to Maria Gonzalez offering a call with the CFO; it waits for approval.',
        chat: 'Time for the one-week follow-up with Brightlane; I drafted it.',
        action: {
          id: 'act_s101',
          kind: 'action',
          summary: 'Send a follow-up email to Maria Gonzalez',
          draft: {
            to: 'maria.gonzalez@brightlane.example',
            subject: 'Re: Acme Enterprise proposal for Brightlane',
            body: 'Hi Maria,\n\nI wanted to check whether your CFO has had a chance to look at the proposal. If it helps, I can join a 20-minute call to answer questions about pricing or the rollout plan. Would Thursday or Friday work?\n\nBest regards,\nAcme Sales',
          },
        },
      },
    ],
  },
  {
    id: 'task_s102',
    title: 'Prepare the renewal deck for Meridian Bank',
    status: 'todo',
    who: ['ben'],
    tags: ['renewal'],
    age: 30,
    due: 6,
    by: 'ben',
    description: 'Quarterly business review and renewal next month: usage figures, support tickets resolved, roadmap items they asked for.',
  },
  {
    id: 'task_s103',
    title: 'Qualify inbound lead: Copperleaf Analytics',
    status: 'todo',
    tags: ['inbound'],
    age: 6,
    by: 'ben',
    description: 'Demo request from the website: 35 users, currently on spreadsheets, wants to start next quarter. Decision maker unknown.',
  },
  {
    id: 'task_s104',
    title: "Send the pricing sheet to Orbit Labs' parent company",
    status: 'waiting',
    who: ['ben'],
    tags: ['churn-risk', 'proposal'],
    age: 40,
    by: 'ben',
    description:
      'Orbit Labs may stay if the parent company standardises on Acme instead. Pricing sheet sent; waiting for their procurement to reply.',
    reminders: [{ id: 'rem_s101', message: "Follow up with Orbit Labs' parent company about the pricing sheet", inHours: 72 }],
  },
  {
    id: 'task_s105',
    title: 'Negotiate the multi-year discount with Nordwerk',
    status: 'in_progress',
    who: ['ada'],
    tags: ['negotiation', 'renewal'],
    age: 90,
    due: 9,
    by: 'ada',
    description: "Nordwerk asks for 20% off for a three-year term. Above the agent's limit; Ada decides.",
    notes: [['ada', 'Offered 15% for three years with annual prepayment. They will discuss internally.']],
  },
  {
    id: 'task_s106',
    title: 'Closed: Fernhill Studio starter plan',
    status: 'done',
    who: ['ben'],
    tags: ['closed-won'],
    age: 400,
    by: 'ben',
    description: 'Fernhill signed the Business plan for 12 seats. Handed over to Customer Support for onboarding.',
  },
];

const OPS_TASKS: TaskSeed[] = [
  {
    id: 'task_s201',
    title: 'Rotate the backup encryption key',
    status: 'in_progress',
    who: ['ada'],
    tags: ['security', 'backups'],
    age: 50,
    due: 3,
    by: 'ada',
    description:
      'The backup encryption key is due for its yearly rotation. New backups must use the new key; old backups stay readable with the old one.',
    runs: [
      {
        id: 'run_s201',
        output:
          'Checked the key inventory: the current backup key was created 362 days ago.\nRotation needs access to the key management console, which the agent does not have.\nThis needs a person: generate the new key and switch the backup job to it.',
        chat: 'The rotation needs someone with access to the key console; I added the steps as a task.',
        action: {
          id: 'act_s201',
          kind: 'human_task',
          summary: 'Generate the new backup key and switch the backup job',
          draft: {
            instructions:
              'In the key management console, create the key "backup-2026", grant the backup job access to it, switch the nightly job to it, and keep "backup-2025" enabled for reading old backups. Note the key id on this task.',
          },
        },
      },
    ],
  },
  {
    id: 'task_s202',
    title: 'Renew the TLS certificate for status.acme.example',
    status: 'todo',
    who: ['ada'],
    tags: ['infrastructure'],
    age: 20,
    due: 5,
    by: 'ada',
    description:
      'The status page certificate expires in 9 days. It is not covered by the automatic renewal because it is hosted by the status page provider.',
  },
  {
    id: 'task_s203',
    title: 'Review access of departed contractors',
    status: 'waiting',
    who: ['ada'],
    tags: ['security', 'access'],
    age: 100,
    by: 'ada',
    description: 'Three contractors left at the end of March. Two accounts removed; waiting for HR to confirm the end date of the third.',
  },
  {
    id: 'task_s204',
    title: 'Upgrade the database to PostgreSQL 17',
    status: 'todo',
    tags: ['infrastructure'],
    age: 200,
    due: 30,
    by: 'ada',
    description:
      'Plan the upgrade of the production database: test on staging, check extensions, schedule a maintenance window on a Sunday morning.',
  },
  {
    id: 'task_s205',
    title: 'Post-incident review: webhook delays',
    status: 'done',
    who: ['ada'],
    tags: ['incident', 'review'],
    age: 300,
    by: 'ada',
    description: 'Webhooks were delayed up to 40 minutes on the 2nd because a worker pool was scaled down. Added an alert on queue age.',
  },
];

const RESEARCH_TASKS: TaskSeed[] = [
  {
    id: 'task_s301',
    title: 'Summarize recent papers on battery degradation',
    status: 'in_progress',
    who: ['ada'],
    tags: ['literature'],
    age: 60,
    due: 4,
    by: 'ada',
    description:
      'Collect papers from the last 12 months on capacity fade of LFP cells under fast charging, and summarize the findings for the sponsor meeting.',
    chat: [
      ['ada', 'Please include preprints too, but mark them clearly.'],
      [
        'agent',
        'Will do. I found 14 papers and 5 preprints so far; I will mark the preprints and note which ones report original measurements.',
      ],
    ],
    runs: [
      {
        id: 'run_s301',
        output:
          'Searched the research portal and the preprint server for LFP capacity fade under fast charging (last 12 months).\nKept 11 papers and 4 preprints with original measurements; set aside 4 reviews.\nThe papers disagree on the effect of temperatures below 10 °C. I need to know whether to include cells tested below that.',
        chat: 'One question before I write the summary: should I include the studies below 10 °C?',
        action: {
          id: 'act_s301',
          kind: 'question',
          summary: 'Include studies of cells tested below 10 °C?',
          draft: {
            question:
              'Four studies test fast charging below 10 °C, where lithium plating dominates. Should the summary include them or focus on 15 to 35 °C as in our own experiments?',
            options: ['Include them in a separate section', 'Focus on 15 to 35 °C only'],
          },
        },
      },
    ],
  },
  {
    id: 'task_s302',
    title: 'Replicate the thermal runaway experiment results',
    status: 'todo',
    who: ['ada'],
    tags: ['lab'],
    age: 30,
    due: 12,
    by: 'ada',
    description:
      'Replicate the onset temperature measurements from last quarter with the new calorimeter. Needs a second person in the lab (safety manual, section 4).',
  },
  {
    id: 'task_s303',
    title: 'Draft the grant progress report',
    status: 'waiting',
    who: ['ada'],
    tags: ['grant', 'writing'],
    age: 120,
    due: 10,
    by: 'ada',
    description:
      'The interim report for the grant is due in ten days. Waiting for the final numbers from the cycling test that ends on Friday.',
    reminders: [{ id: 'rem_s301', message: 'The cycling test has ended: collect the numbers for the grant report', inHours: 96 }],
  },
  {
    id: 'task_s304',
    title: 'Compare suppliers for lithium iron phosphate cells',
    status: 'todo',
    tags: ['procurement'],
    age: 15,
    by: 'ada',
    description:
      'Compare three suppliers on price per kWh, cycle life data, lead time and documentation. Note the existing framework contract with one of them.',
  },
  {
    id: 'task_s305',
    title: 'Archive the 2025 measurement data',
    status: 'done',
    who: ['ada'],
    tags: ['data'],
    age: 500,
    by: 'ada',
    description: 'Moved the 2025 raw data to long-term storage with checksums; index updated.',
  },
];

// ---- Scheduled tasks ------------------------------------------------------------------------------

interface ScheduleSeed {
  id: string;
  workspaceId: string;
  agentId: string;
  title: string;
  prompt: string;
  cron: string;
  state: 'active' | 'paused';
  createdDaysAgo: number;
  /** The most recent occurrence ran: a task, a succeeded run and its proposal. */
  lastRun?: { taskId: string; runId: string; actionId: string; output: string; channel: string; text: string; approvedBy?: Login };
}

const SCHEDULES: ScheduleSeed[] = [
  {
    id: 'sched_support_weekly',
    workspaceId: 'ws_support',
    agentId: 'agt_support',
    cron: '0 8 * * 1',
    state: 'active',
    createdDaysAgo: 60,
    title: 'Weekly support metrics',
    prompt:
      'Every Monday morning, count the tickets opened and closed last week, the median first response time and the tickets waiting for more than five days, and post a short summary in #support for the team.',
    lastRun: {
      taskId: 'task_s090',
      runId: 'run_s090',
      actionId: 'act_s090',
      channel: '#support',
      approvedBy: 'ada',
      output:
        "Counted last week's tickets: 41 opened, 38 closed; median first response 1 h 12 min.\nThree tickets have been waiting for more than five days.\nDrafted the weekly summary for #support.",
      text: 'Weekly support metrics: 41 tickets opened, 38 closed, median first response 1 h 12 min. Waiting for more than five days: audit log export estimate, BAA review, seat cleanup at Hughes & Partners.',
    },
  },
  {
    id: 'sched_support_status',
    workspaceId: 'ws_support',
    agentId: 'agt_support',
    cron: '5 * * * *',
    state: 'paused',
    createdDaysAgo: 20,
    title: 'Check the status page for incidents',
    prompt:
      'Every hour, check status.acme.example and the SMS provider status page. If there is an open incident, draft a short note for the team in #support with what customers may notice.',
  },
  {
    id: 'sched_sales_digest',
    workspaceId: 'ws_sales',
    agentId: 'agt_sales',
    cron: '0 9 * * 1-5',
    state: 'active',
    createdDaysAgo: 45,
    title: 'Pipeline digest',
    prompt:
      'Every working day at 09:00, list the proposals waiting for an answer, the follow-ups due today according to the cadence, and new inbound leads, and post the list in #sales.',
  },
  {
    id: 'sched_ops_backups',
    workspaceId: 'ws_ops',
    agentId: 'agt_ops',
    cron: '30 6 * * *',
    state: 'active',
    createdDaysAgo: 90,
    title: 'Daily backup check',
    prompt:
      "Check that last night's backups of the production database and the file store completed, that their sizes are within 10 percent of the previous day, and that the restore test succeeded. Report the result in #ops.",
    lastRun: {
      taskId: 'task_s290',
      runId: 'run_s290',
      actionId: 'act_s290',
      channel: '#ops',
      approvedBy: 'ada',
      output:
        "Checked last night's backups: database 182.4 GB (+0.6 %), file store 1.31 TB (+0.2 %), both completed before 04:10.\nThe restore test of the sample project succeeded in 6 min 40 s.\nDrafted the daily report for #ops.",
      text: 'Backups OK: database 182.4 GB (+0.6 %), file store 1.31 TB (+0.2 %), restore test passed in 6 min 40 s.',
    },
  },
  {
    id: 'sched_ops_access',
    workspaceId: 'ws_ops',
    agentId: 'agt_ops',
    cron: '0 9 15 * *',
    state: 'paused',
    createdDaysAgo: 120,
    title: 'Monthly access review',
    prompt:
      'On the 15th of each month, compare the accounts with access to production systems with the staff list from HR, and list every account that has no current owner or no stated purpose.',
  },
  {
    id: 'sched_research_review',
    workspaceId: 'ws_research',
    agentId: 'agt_research',
    cron: '0 10 1 * *',
    state: 'active',
    createdDaysAgo: 100,
    title: 'Monthly literature review',
    prompt:
      'On the first of each month, search the research portal and the preprint server for new papers on LFP cell degradation and thermal safety from the previous month, and summarize the five most relevant ones with their DOIs.',
    lastRun: {
      taskId: 'task_s390',
      runId: 'run_s390',
      actionId: 'act_s390',
      channel: '#research',
      output:
        'Found 23 new papers and 9 preprints from last month; selected the five most relevant to LFP degradation and thermal safety.\nDrafted the monthly summary for #research.',
      text: 'Monthly literature review: five new papers on LFP degradation and thermal safety, two of them preprints. Highlights: calendar ageing at 45 °C is twice the rate previously assumed; a new separator coating delays thermal runaway onset by 18 °C.',
    },
  },
];

// ---- Knowledge sources ----------------------------------------------------------------------------

const KNOWLEDGE: Omit<KnowledgeRec, 'createdAt'>[] = [
  {
    id: 'ks_s001',
    orgId: 'org_acme',
    name: 'Help center',
    note: 'Public articles for customers, in English and German. Link to them instead of pasting.',
    url: 'https://help.acme.example/',
    fileName: null,
  },
  {
    id: 'ks_s002',
    orgId: 'org_acme',
    name: 'Status page',
    note: 'Current incidents and maintenance windows.',
    url: 'https://status.acme.example/',
    fileName: null,
  },
  {
    id: 'ks_s003',
    orgId: 'org_acme',
    name: 'Refund policy',
    note: 'What can be refunded, credited or neither, and who approves it.',
    url: 'https://acme.example/legal/refunds',
    fileName: null,
  },
  {
    id: 'ks_s004',
    orgId: 'org_acme',
    name: 'API reference',
    note: 'Rate limits, authentication and webhooks for customers who integrate.',
    url: 'https://developers.acme.example/api',
    fileName: null,
  },
  {
    id: 'ks_s005',
    orgId: 'org_acme',
    name: 'Subprocessors',
    note: 'The current list of subprocessors and processing locations.',
    url: 'https://acme.example/legal/subprocessors',
    fileName: null,
  },
  {
    id: 'ks_s006',
    orgId: 'org_acme',
    name: 'Price list 2026',
    note: 'List prices per seat and plan, valid from 1 January 2026.',
    url: null,
    fileName: 'price-list-2026.pdf',
  },
  {
    id: 'ks_s007',
    orgId: 'org_acme',
    name: 'Enterprise onboarding checklist',
    note: 'Steps for SSO, data migration and admin training.',
    url: null,
    fileName: 'enterprise-onboarding-checklist.docx',
  },
  {
    id: 'ks_s101',
    orgId: 'org_globex',
    name: 'Globex research portal',
    note: 'Journal access through the institutional subscription.',
    url: 'https://portal.globex.example/library',
    fileName: null,
  },
  {
    id: 'ks_s102',
    orgId: 'org_globex',
    name: 'Preprint server',
    note: 'Preprints are not peer reviewed: mark them as such.',
    url: 'https://arxiv.org/list/physics.chem-ph/recent',
    fileName: null,
  },
  {
    id: 'ks_s103',
    orgId: 'org_globex',
    name: 'Lab safety manual',
    note: 'Required reading before any thermal or abuse test.',
    url: null,
    fileName: 'lab-safety-manual-v7.pdf',
  },
];

// ---- The builder ----------------------------------------------------------------------------------

/** Builds the records of the seed tables above, dating everything relative to `startMs`. */
class SeedBuilder {
  private readonly counters = new Map<string, number>();

  constructor(
    readonly d: ServiceData,
    readonly startMs: number,
  ) {}

  id(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_s${String(n).padStart(4, '0')}`;
  }

  person(login: Login): Author {
    const user = seeded(USERS, (u) => u.login === login, `user ${login}`);
    return { kind: 'person', id: user.id, name: user.name };
  }

  agent(agentId: string): Author {
    const agent = seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`);
    return { kind: 'agent', id: agent.id, name: agent.name };
  }

  event(taskId: string, kind: string, summary: string, actor: Author, at: number): void {
    this.d.events.push({ id: this.id('evt'), taskId, kind, summary, actor, createdAt: iso(at) });
  }

  /**
   * A task and its history. Its steps (creation, assignment, status moves, notes, chat, runs and their
   * outcomes) are spread evenly over the first 90 % of its age, in that order, so all lie before startMs.
   */
  task(workspaceId: string, agentId: string, seed: TaskSeed, createdAtMs?: number, spanMs?: number): TaskRec {
    const created = createdAtMs ?? this.startMs - seed.age * HOUR;
    const agent = this.agent(agentId);
    const statusName = (key: string) => seeded(STATUSES, (s) => s.key === key, `status ${key}`).name;
    const task: TaskRec = {
      id: seed.id,
      workspaceId,
      agentId,
      title: seed.title,
      description: seed.description,
      status: seed.status,
      assigneeIds: (seed.who ?? []).map((login) => this.person(login).id),
      tags: [...(seed.tags ?? [])],
      dueDate: seed.due === undefined ? null : iso(this.startMs + seed.due * DAY),
      notes: [],
      conversationKey: seed.thread?.key ?? null,
      createdAt: iso(created),
      updatedAt: iso(created),
    };
    this.d.tasks.push(task);

    const steps: { withPrevious?: boolean; run: (at: number) => void }[] = [];
    const step = (run: (at: number) => void, withPrevious = false) => steps.push({ run, withPrevious });
    const creator = seed.by ? this.person(seed.by) : agent;

    step((at) => {
      const summary = seed.scheduledTaskId
        ? `Created by the scheduled task "${seed.title.split(' — ')[0]}"`
        : seed.thread
          ? `${agent.name} created the task from ${seed.thread.channel === 'email' ? 'an email' : 'a chat'} from ${seed.thread.contact.name}`
          : `${creator.name} created the task "${seed.title}"`;
      this.event(task.id, 'task.created', summary, creator, at);
      if (task.tags.length > 0) this.event(task.id, 'tags.changed', `Tags set to ${task.tags.join(', ')}`, creator, at);
    });
    if (seed.thread) this.thread(seed.thread, created, step, agentId);
    if (task.assigneeIds.length > 0) {
      const assigner = this.person(seed.by ?? 'ada');
      step((at) =>
        this.event(
          task.id,
          'assignees.changed',
          `Assigned to ${(seed.who ?? []).map((l) => this.person(l).name).join(', ')}`,
          assigner,
          at,
        ),
      );
    }
    let status: StatusKey = 'todo';
    const changeStatus = (next: StatusKey, by: Author, at: number) => {
      this.event(task.id, 'status.changed', `Status changed from ${statusName(status)} to ${statusName(next)}`, by, at);
      status = next;
    };
    const moveTo = (next: StatusKey, by: Author) => step((at) => changeStatus(next, by, at));
    const mover = seed.who?.[0] ? this.person(seed.who[0]) : creator;
    if (seed.scheduledTaskId) {
      // As the simulated agent does it: the run starts with the task and its end moves the task along.
      for (const [i, run] of (seed.runs ?? []).entries()) {
        this.run(task, agentId, { ...run, scheduledTaskId: seed.scheduledTaskId }, created, step, i === 0, (at) => {
          if (status === 'todo') changeStatus('in_progress', agent, at);
        });
      }
    } else {
      if (seed.status !== 'todo') moveTo('in_progress', mover);
      for (const [login, content] of seed.notes ?? []) {
        step((at) => {
          const author = this.person(login);
          task.notes.push({ id: this.id('note'), content, authorId: author.id, createdAt: iso(at) });
          this.event(task.id, 'note.added', `${author.name} added a note`, author, at);
        });
      }
      for (const [who, content] of seed.chat ?? [])
        step((at) => this.chat(task.id, who === 'agent' ? agent : this.person(who), content, at));
      for (const run of seed.runs ?? []) this.run(task, agentId, run, created, step);
    }
    for (const r of seed.reminders ?? []) {
      step((at) => {
        this.d.reminders.push({
          id: r.id,
          taskId: task.id,
          message: r.message,
          remindAt: iso(this.startMs + r.inHours * HOUR),
          state: 'scheduled',
          createdAt: iso(at),
        });
        this.event(
          task.id,
          'reminder.created',
          `${mover.name} set a reminder for ${iso(this.startMs + r.inHours * HOUR)}: ${r.message}`,
          mover,
          at,
        );
      });
    }
    if (seed.status === 'waiting') moveTo('waiting', mover);
    if (seed.status === 'done') moveTo('done', mover);

    const span = spanMs ?? (this.startMs - created) * 0.9;
    const spaced = steps.filter((s) => !s.withPrevious).length;
    let index = -1;
    let last = created;
    for (const s of steps) {
      if (!s.withPrevious) index += 1;
      last = created + Math.round((span * index) / Math.max(spaced - 1, 1));
      s.run(last);
    }
    task.updatedAt = iso(last);
    return task;
  }

  /** The source conversation: its first message came before the task, the replies are steps of it. */
  private thread(seed: ThreadSeed, created: number, step: (run: (at: number) => void) => void, agentId: string): void {
    const conversation: ConversationRec = {
      key: seed.key,
      orgId: seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`).orgId,
      channel: seed.channel,
      subject: seed.subject,
      messages: [],
    };
    this.d.conversations.push(conversation);
    const author = (who: Speaker): Author =>
      who === 'contact'
        ? { kind: 'person', id: seed.contact.address, name: seed.contact.name }
        : who === 'agent'
          ? this.agent(agentId)
          : this.person(who);
    const push = (who: Speaker, content: string, at: number) =>
      conversation.messages.push({ id: this.id('cmsg'), author: author(who), content, createdAt: iso(at) });
    const [first, ...rest] = seed.messages;
    if (first) push(first[0], first[1], created - 7 * MINUTE);
    for (const [who, content] of rest) step((at) => push(who, content, at));
  }

  private chat(taskId: string, author: Author, content: string, at: number): void {
    this.d.messages.push({ id: this.id('msg'), taskId, author, content, createdAt: iso(at) });
    this.event(
      taskId,
      'message.sent',
      author.kind === 'agent' ? `${author.name} wrote in the chat` : `${author.name} wrote to the agent`,
      author,
      at,
    );
  }

  /** A run (started, finished 47 s later, its proposal), then as a second step the proposal's outcome. */
  private run(
    task: TaskRec,
    agentId: string,
    seed: RunSeed & { scheduledTaskId?: string },
    created: number,
    step: (run: (at: number) => void, withPrevious?: boolean) => void,
    withPrevious = false,
    onFinished?: (at: number) => void,
  ): void {
    const agent = this.agent(agentId);
    let action: PendingActionRec | undefined;
    step((at) => {
      if (seed.firedReminder) {
        this.d.reminders.push({
          id: seed.firedReminder.id,
          taskId: task.id,
          message: seed.firedReminder.message,
          remindAt: iso(at),
          state: 'fired',
          createdAt: iso(Math.round((created + at) / 2)),
        });
        this.event(task.id, 'reminder.fired', `Reminder: ${seed.firedReminder.message}`, agent, at);
      }
      const finished = at + 47_000;
      this.d.runs.push({
        id: seed.id,
        taskId: task.id,
        agentId,
        scheduledTaskId: seed.scheduledTaskId ?? null,
        state: seed.failed ? 'failed' : 'succeeded',
        output: seed.output,
        proposedActionIds: seed.action ? [seed.action.id] : [],
        startedAt: iso(at),
        finishedAt: iso(finished),
      });
      this.event(
        task.id,
        'run.started',
        `${agent.name} started working on the task${seed.scheduledTaskId ? ' (scheduled run)' : ''}`,
        agent,
        at,
      );
      if (seed.action) {
        action = this.pendingAction(task.id, seed.id, seed.action, finished);
        this.event(task.id, 'run.finished', `Run succeeded and proposed: ${seed.action.summary}`, agent, finished);
      } else {
        this.event(task.id, 'run.finished', seed.failed ? 'Run failed' : 'Run succeeded', agent, finished);
      }
      onFinished?.(finished);
      if (seed.chat) this.chat(task.id, agent, seed.chat, finished + 1000);
    }, withPrevious);
    const resolved = seed.action?.resolved;
    if (resolved) {
      step((at) => {
        // Steps run in order: the run's step above has made the action by now.
        if (!action) throw new Error(`the seed resolves run ${seed.id}'s action before the run proposed it`);
        this.resolve(task.id, action, resolved, agent, at);
      });
    }
  }

  pendingAction(taskId: string, runId: string, seed: ActionSeed, at: number): PendingActionRec {
    const action: PendingActionRec = {
      id: seed.id,
      taskId,
      runId,
      kind: seed.kind,
      state: 'pending',
      summary: seed.summary,
      draft: structuredClone(seed.draft), // the seed tables are shared: a state gets its own copy to edit
      createdAt: iso(at),
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    };
    this.d.pendingActions.push(action);
    return action;
  }

  /** A person settles a proposal; events as the API records them, and the agent's reaction. */
  resolve(taskId: string, action: PendingActionRec, seed: NonNullable<ActionSeed['resolved']>, agent: Author, at: number): void {
    const person = this.person(seed.by);
    action.state = seed.state;
    action.resolvedAt = iso(at);
    action.resolvedBy = person.id;
    action.resolution =
      seed.state === 'rejected'
        ? { reason: seed.text }
        : seed.state === 'completed'
          ? { note: seed.text }
          : seed.state === 'answered'
            ? { answer: seed.text }
            : null;
    const kinds = {
      approved: 'action.approved',
      rejected: 'action.rejected',
      completed: 'human_task.completed',
      answered: 'question.answered',
    } as const;
    const verb = seed.state === 'rejected' && seed.text ? `rejected (${seed.text})` : seed.state;
    this.event(taskId, kinds[seed.state], `${person.name} ${verb}: ${action.summary}`, person, at);
    if (seed.executed) {
      this.event(taskId, 'action.executed', seed.executed, agent, at + 2000);
      const draft = action.draft;
      const conversation = this.d.conversations.find((c) => c.key === this.d.tasks.find((t) => t.id === taskId)?.conversationKey);
      if (conversation && typeof draft.body === 'string')
        conversation.messages.push({ id: this.id('cmsg'), author: agent, content: draft.body, createdAt: iso(at + 2000) });
    }
    if (seed.state === 'rejected')
      this.chat(taskId, agent, `Understood, ${person.name.split(' ')[0]}: I won't go ahead with "${action.summary}".`, at + 1000);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The demo data every fresh sandbox starts with. Its identities are fixed (tests and docs rely on them):
 * `ada` belongs to `acme` (first) and `globex`; `ben` to `acme` only.
 */
export function seedState(startMs: number): SandboxState {
  const at = (offsetMinutes: number) => iso(startMs + offsetMinutes * MINUTE);
  const statuses = () => STATUSES.map((s) => ({ ...s }));
  const workspaces: WorkspaceRec[] = [
    {
      id: 'ws_support',
      orgId: 'org_acme',
      name: 'Customer Support',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada', 'usr_ben'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 90),
    },
    {
      id: 'ws_sales',
      orgId: 'org_acme',
      name: 'Sales',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada', 'usr_ben'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 80),
    },
    {
      id: 'ws_ops',
      orgId: 'org_acme',
      name: 'Operations',
      folderId: 'fld_internal',
      archived: false,
      memberIds: ['usr_ada'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 70),
    },
    {
      id: 'ws_research',
      orgId: 'org_globex',
      name: 'Research',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 60),
    },
  ];
  const d: ServiceData = {
    users: USERS.map((u) => ({ ...u })),
    organizations: ORGANIZATIONS.map((o) => ({ ...o, memberIds: [...o.memberIds] })),
    workspaces,
    agents: AGENTS.map((a) => ({ ...a })),
    tasks: [],
    messages: [],
    conversations: [],
    events: [],
    runs: [],
    pendingActions: [],
    reminders: [],
    sections: [],
    knowledge: [],
    scheduledTasks: [],
  };
  const b = new SeedBuilder(d, startMs);
  for (const seed of SUPPORT_TASKS) b.task('ws_support', 'agt_support', seed);
  for (const seed of SALES_TASKS) b.task('ws_sales', 'agt_sales', seed);
  for (const seed of OPS_TASKS) b.task('ws_ops', 'agt_ops', seed);
  for (const seed of RESEARCH_TASKS) b.task('ws_research', 'agt_research', seed);
  for (const seed of SCHEDULES) seedSchedule(b, seed);

  for (const [agentId, sections] of Object.entries(AGENT_HANDBOOKS)) {
    const { orgId } = seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`);
    for (const [position, s] of sections.entries()) {
      d.sections.push({
        id: `sec_${agentId.slice(4)}_${position + 1}`,
        orgId,
        agentId,
        title: s.title,
        body: s.body,
        position,
        updatedAt: at(-60 * 24 * (40 - position)),
      });
    }
  }
  for (const [orgId, sections] of Object.entries(COMPANY_HANDBOOKS)) {
    for (const [position, s] of sections.entries()) {
      d.sections.push({
        id: `sec_${orgId.slice(4)}_company_${position + 1}`,
        orgId,
        agentId: null,
        title: s.title,
        body: s.body,
        position,
        updatedAt: at(-60 * 24 * (50 - position)),
      });
    }
  }
  for (const [i, k] of KNOWLEDGE.entries()) d.knowledge.push({ ...k, createdAt: at(-60 * 24 * (45 - i)) });

  // Tables read in time order, as the running service appends them.
  const byTime = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  d.events.sort(byTime);
  d.messages.sort(byTime);
  d.tasks.sort(byTime);

  return { version: 1, seq: 1000, clockOffsetMs: 0, oauth: null, data: d };
}

/** A scheduled task, with its next run computed and, for some, the task and run of its last occurrence. */
function seedSchedule(b: SeedBuilder, seed: ScheduleSeed): void {
  const workspace = seeded(b.d.workspaces, (w) => w.id === seed.workspaceId, `workspace ${seed.workspaceId}`);
  const { timezone } = seeded(ORGANIZATIONS, (o) => o.id === workspace.orgId, `organization ${workspace.orgId}`);
  const rec: ScheduledTaskRec = {
    id: seed.id,
    orgId: workspace.orgId,
    title: seed.title,
    prompt: seed.prompt,
    cron: seed.cron,
    workspaceId: seed.workspaceId,
    agentId: seed.agentId,
    state: seed.state,
    pausedByArchive: false,
    nextRunAt: seed.state === 'active' ? nextCronOccurrence(seed.cron, timezone, b.startMs) : null,
    lastRunId: null,
    createdAt: iso(b.startMs - seed.createdDaysAgo * DAY),
  };
  b.d.scheduledTasks.push(rec);
  const last = seed.lastRun;
  if (!last) return;

  const ranAt = previousCronOccurrence(seed.cron, timezone, b.startMs);
  const firstSentence = last.text.split(/(?<=\.) /)[0] ?? last.text;
  const executed = `Posted in ${last.channel}: ${firstSentence}`;
  b.task(
    seed.workspaceId,
    seed.agentId,
    {
      id: last.taskId,
      title: `${seed.title} — ${dateInZone(ranAt, timezone)}`,
      description: seed.prompt,
      status: last.approvedBy ? 'done' : 'in_progress',
      age: 0,
      scheduledTaskId: seed.id,
      runs: [
        {
          id: last.runId,
          output: last.output,
          action: {
            id: last.actionId,
            kind: 'action',
            summary: `Post an update in ${last.channel}`,
            draft: { channel: last.channel, text: last.text },
            ...(last.approvedBy ? { resolved: { state: 'approved' as const, by: last.approvedBy, executed } } : {}),
          },
        },
      ],
    },
    ranAt,
    Math.min(20 * MINUTE, (b.startMs - ranAt) * 0.9),
  );
  rec.lastRunId = last.runId;
}

/** Adds a workspace "Bulk" (in acme, shared with ada and ben) holding `count` more tasks; for benchmarks. */
export function addBulkWorkspace(state: SandboxState, count: number, startMs: number): void {
  const d = state.data;
  const statuses = seeded(d.workspaces, () => true, 'workspace').statuses.map((s) => ({ ...s }));
  d.workspaces.push({
    id: 'ws_bulk',
    orgId: 'org_acme',
    name: 'Bulk',
    folderId: null,
    archived: false,
    memberIds: ['usr_ada', 'usr_ben'],
    statuses,
    createdAt: new Date(startMs).toISOString(),
  });
  d.agents.push({ id: 'agt_bulk', orgId: 'org_acme', workspaceId: 'ws_bulk', name: 'Bulk Agent', paused: false });
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(startMs - (count - i) * 1000).toISOString();
    d.tasks.push({
      id: `task_bulk_${i + 1}`,
      workspaceId: 'ws_bulk',
      agentId: 'agt_bulk',
      title: `Bulk task ${i + 1}`,
      description: `Generated task number ${i + 1} for load and benchmark runs.`,
      status: 'todo',
      assigneeIds: i % 3 === 0 ? ['usr_ada'] : [],
      tags: i % 5 === 0 ? ['bulk', 'sample'] : ['bulk'],
      dueDate: null,
      notes: [],
      conversationKey: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
