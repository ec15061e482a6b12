/**
 * The script the dev server adds to each page: shows each update, shows compile errors as an overlay.
 *
 * An update is shown in place: the page is fetched again and written over the open document
 * (document.open/write/close), which starts the page's scripts again without a navigation. A reload
 * made the browser tear the page down and commit a new one after the server's answer, which cost
 * ~50-110 ms on the Lexical site, and it lost the scroll position (the router sets
 * history.scrollRestoration to manual). document.open removes every listener of the old page (the
 * old router's among them), the window and its module map stay: the page's inline boot module runs
 * again, imports the new route chunk and hydrates the new markup, and the theme's modules are the
 * ones already loaded. The event stream is kept, so no update lands between two connections.
 *
 * The page reloads in full instead when the shared runtime changed (a theme or config edit: a second
 * copy of React and the theme would stay in the window), when the page is not hydrated yet (its
 * boot would finish against the new document and register a second router), when the answer is not
 * HTML, and after every SWAPS_BEFORE_RELOAD updates, so the route chunks each update adds to the
 * module map are let go. A reload keeps the scroll position through sessionStorage.
 */
export const LIVE_EVENTS_PATH = '/_docsite/events';

const SWAPS_BEFORE_RELOAD = 50;
const SCROLL_KEY = 'docsite:live-scroll';

export function liveClientScript(): string {
  return `<script>(function(){
var w=window;
try{var kept=JSON.parse(sessionStorage.getItem(${JSON.stringify(SCROLL_KEY)})||'null');sessionStorage.removeItem(${JSON.stringify(SCROLL_KEY)});
if(kept&&kept[0]===location.pathname){var back=function(){scrollTo(kept[1],kept[2])};back();addEventListener('load',back,{once:true})}}catch(e){}
if(w.__docsiteLive&&w.__docsiteLive.readyState!==2)return;
var es=new EventSource(${JSON.stringify(LIVE_EVENTS_PATH)});w.__docsiteLive=es;
var latest=0,swaps=0;
function boot(text){var m=/import\\{start\\}from"[^"]*"/.exec(text||'');return m&&m[0]}
function booted(){var s=document.querySelectorAll('script[type=module]');for(var i=0;i<s.length;i++){var b=boot(s[i].textContent);if(b)return b}return null}
function reload(){try{sessionStorage.setItem(${JSON.stringify(SCROLL_KEY)},JSON.stringify([location.pathname,scrollX,scrollY]))}catch(e){}location.reload()}
function update(){
  var id=++latest,url=location.pathname+location.search;
  fetch(url,{cache:'no-store'}).then(function(r){
    if((r.headers.get('content-type')||'').indexOf('text/html')<0)throw new Error('not HTML');
    return r.text();
  }).then(function(html){
    if(id!==latest)return;
    if(url!==location.pathname+location.search)return update();
    var now=booted();
    if(++swaps>=${SWAPS_BEFORE_RELOAD}||!now||boot(html)!==now||!document.documentElement.hasAttribute('data-docsite-ready'))return reload();
    var x=scrollX,y=scrollY;
    document.open();document.write(html);document.close();
    scrollTo(x,y);addEventListener('load',function(){scrollTo(x,y)},{once:true});
  }).catch(reload);
}
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
es.addEventListener('reload',update);
es.addEventListener('error-report',function(e){
  var errors=JSON.parse(e.data);var box=document.getElementById('docsite-error-overlay');
  if(!box){box=document.createElement('div');box.id='docsite-error-overlay';document.body.appendChild(box)}
  box.innerHTML=${JSON.stringify(overlayShell())}.replace('%ERRORS%',errors.map(function(x){return '<section><p class="docsite-overlay-loc">'+esc(x.location||'')+'</p><p class="docsite-overlay-msg">'+esc(x.message)+'</p>'+(x.frame?'<pre>'+esc(x.frame)+'</pre>':'')+(x.hint?'<p class="docsite-overlay-hint">'+esc(x.hint)+'</p>':'')+'</section>'}).join(''));
});
})();</script>`;
}

/** Styles and frame of the overlay; `%ERRORS%` is replaced with one section per error. */
export function overlayShell(title = 'Failed to compile'): string {
  return [
    '<div role="alertdialog" aria-labelledby="docsite-overlay-title" style="position:fixed;inset:0;z-index:2147483647;background:rgba(10,12,20,.92);color:#f5f5f5;overflow:auto;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px">',
    '<style>#docsite-error-overlay pre,.docsite-overlay pre{background:#1b1e2b;padding:12px;border-radius:6px;overflow:auto;color:#e6e6e6}.docsite-overlay-loc{color:#ff8f8f;font-weight:bold;margin:0}.docsite-overlay-msg{font-size:16px;margin:4px 0 8px}.docsite-overlay-hint{color:#9fd3ff}</style>',
    '<h1 id="docsite-overlay-title" style="color:#ff6b6b;font-size:18px;margin:0 0 16px">' + title + '</h1>',
    '%ERRORS%',
    '<p style="color:#aaa">Fix the file and save: the page reloads by itself.</p></div>',
  ].join('');
}
