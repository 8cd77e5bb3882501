import { themeColourOf } from "../../../common/brand-colours.ts";
import { iconHref, identityIcons, type SiteIdentity } from "../../../common/schemas/identity.ts";

/**
 * The web app manifest of the identity: its names, its primary colour, and the icons made
 * from its logo (192 and 512 pixels); without a logo, the built-in drawing (public/favicon.svg).
 */
export function webManifest(identity: SiteIdentity) {
  const { logo } = identity;
  const icons = logo
    ? identityIcons
        .filter((icon) => icon.size >= 192)
        .map((icon) => ({
          src: iconHref(logo, icon.file),
          sizes: `${icon.size}x${icon.size}`,
          type: "image/png",
        }))
    : [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];
  return {
    name: identity.name,
    short_name: identity.shortName,
    description: identity.description,
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: themeColourOf(identity),
    icons,
  };
}
