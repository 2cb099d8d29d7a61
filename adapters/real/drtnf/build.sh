#!/bin/sh
# Builds the shim against the checkout of https://github.com/drtnf/threeChess named by
# DRTNF_CHECKOUT (the repository's root): javac compiles the shim and, from the checkout's
# src/ (-sourcepath), the engine classes it uses; the classes land in build/. Run it as
#   java -Ddrtnf.version=COMMIT -cp adapters/real/drtnf/build TrichessShim
# or through the script build/drtnf-shim that this writes (the version is the checkout's commit
# when it is a git clone). Needs a JDK (javac) 11 or later.
set -eu
cd "$(dirname "$0")"
: "${DRTNF_CHECKOUT:?set DRTNF_CHECKOUT to a checkout of drtnf/threeChess}"
version=$(git -C "$DRTNF_CHECKOUT" rev-parse --short HEAD 2>/dev/null || echo unknown)
rm -rf build
mkdir -p build
javac -nowarn -Xlint:none -d build -sourcepath "$DRTNF_CHECKOUT/src" TrichessShim.java Json.java
here=$(pwd)
cat > build/drtnf-shim <<SCRIPT
#!/bin/sh
exec java -Ddrtnf.version=$version -cp "$here/build" TrichessShim "\$@"
SCRIPT
chmod +x build/drtnf-shim
