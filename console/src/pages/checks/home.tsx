export default function Home() {
  return <h1>Checks</h1>
}
