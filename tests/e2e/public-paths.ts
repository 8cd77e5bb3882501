/** Every public route of spec §2 but the blog posts, in the order of its table. */
export const publicPaths = [
  "/",
  "/about",
  "/about/team",
  "/services",
  "/social-media",
  "/social-media-management",
  "/digital-marketing",
  "/video-creation",
  "/ads",
  "/branding",
  "/page-revamp",
  "/blog",
  "/policy",
  "/contact",
];
