import { BlogEditor } from "../../components/admin/blog-editor.tsx";

export const meta = () => [
  { title: "Create Blog | Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BlogCreate() {
  return <BlogEditor />;
}
