import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { servicePages } from "../common/service-pages.ts";
import { MAX_SITEMAP_FILES, sitemapPartPath } from "./lib/feeds.ts";

export default [
  // Resource routes (no layout)
  route("sitemap.xml", "routes/sitemap.ts"),
  // The files of a sitemap split in several (React Router matches no "sitemap-:n.xml").
  ...Array.from({ length: MAX_SITEMAP_FILES }, (_, index) =>
    route(sitemapPartPath(index + 1).slice(1), "routes/sitemap.ts", { id: `sitemap-${index + 1}` }),
  ),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/rss.ts"),
  route("blog/tag/:slug/rss.xml", "routes/tag-rss.ts"),

  // Public site
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("about/team", "routes/team.tsx"),
    route("services", "routes/services.tsx"),
    // The built-in seven's addresses (decision 0048): each serves the service that has it now.
    ...servicePages.map((slug) =>
      route(slug, "routes/service-page.tsx", { id: `service-${slug}` }),
    ),
    route("blog", "routes/blog-index.tsx"),
    route("blog/preview/:token", "routes/blog-preview.tsx"),
    route("blog/tag/:slug", "routes/blog-tag.tsx"),
    route("blog/:id", "routes/blog-post.tsx"),
    route("policy", "routes/policy.tsx"),
    route("contact", "routes/contact.tsx"),
    // A subscriber's links (decision 0036): never indexed, each one person's.
    route("newsletter/confirm/:token", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe/:token", "routes/newsletter-unsubscribe.tsx"),
    // A visitor's link to reschedule or cancel a consultation (decision 0052).
    route("booking/:token", "routes/booking.tsx"),
    // A sent newsletter in the browser (issue 32): before the pages' catch-all.
    route("newsletter/:id", "routes/newsletter-issue.tsx"),
    // Payments (issue 49, decision 0043): checkout, Paystack's return, a client's invoice.
    route("checkout", "routes/checkout.tsx"),
    route("payments/callback", "routes/payment-callback.tsx"),
    route("payments/subscription/:token", "routes/subscription-manage.ts"),
    route("invoices/:token", "routes/invoice.tsx"),
    // The services' pages (decision 0048), then pages staff make (decision 0030): any one
    // segment the routes above do not take.
    route(":slug", "routes/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Back office
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("accept-invite", "routes/admin/accept-invite.tsx"),
    route("confirm-email", "routes/admin/confirm-email.tsx"),
    route("second-step", "routes/admin/second-step.tsx"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("posts", "routes/admin/posts.tsx"),
      route("create", "routes/admin/blog-create.tsx"),
      route("edit/:id", "routes/admin/blog-edit.tsx"),
      route("portfolio", "routes/admin/portfolio.tsx"),
      route("prices", "routes/admin/prices.tsx"),
      route("content", "routes/admin/content-index.tsx"),
      route("content/:type", "routes/admin/content-list.tsx"),
      route("content/:type/new", "routes/admin/content-edit.tsx", { id: "content-new" }),
      route("content/:type/:id", "routes/admin/content-edit.tsx", { id: "content-edit" }),
      route("settings/:type", "routes/admin/settings.tsx"),
      route("navigation", "routes/admin/navigation.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/:id", "routes/admin/enquiry.tsx"),
      route("pipeline", "routes/admin/pipeline.tsx"),
      route("reply-templates", "routes/admin/reply-templates.tsx"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("traffic", "routes/admin/traffic.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/sends/:id", "routes/admin/newsletter-progress.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/new", "routes/admin/page-edit.tsx", { id: "page-new" }),
      route("pages/:id", "routes/admin/page-edit.tsx", { id: "page-edit" }),
      route("account", "routes/admin/account.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("identity", "routes/admin/identity.tsx"),
      route("mail", "routes/admin/mail.tsx"),
      route("marketing-tags", "routes/admin/marketing-tags.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("payments/invoices/new", "routes/admin/invoice-edit.tsx", { id: "invoice-new" }),
      route("payments/invoices/:id", "routes/admin/invoice-edit.tsx", { id: "invoice-edit" }),
      route("imports", "routes/admin/imports.tsx"),
      route("imports/:id", "routes/admin/imports-detail.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
